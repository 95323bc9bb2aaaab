-- No code removes directory entries; a security-definer function that deletes them is only an
-- attack surface for the app role.
DROP FUNCTION IF EXISTS auth_remove_account(uuid);
