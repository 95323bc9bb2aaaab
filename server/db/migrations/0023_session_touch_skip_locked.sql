-- The session check's note of the last use skips a session row that another transaction holds.
-- Since the check may begin the request's own transaction (decision 0020), the row it touches
-- stays locked until that request's handler commits; a parallel request of the same session whose
-- note is also due would otherwise wait for that whole handler. The note is made at most once a
-- minute either way; the one that holds the row makes it. Everything else is as in migration 0017.
CREATE OR REPLACE FUNCTION app_session_state(p_tenant uuid, p_session uuid, p_user uuid)
  RETURNS TABLE (revoked_at timestamptz, role text, archived boolean, trial_ends_at timestamptz, subscription_provider text, subscription_status text, seat_id uuid)
  LANGUAGE plpgsql
  SECURITY INVOKER
AS $$
#variable_conflict use_column
BEGIN
  PERFORM set_config('app.tenant_id', p_tenant::text, true);
  RETURN QUERY
    SELECT s.revoked_at, u.role, u.archived, t.trial_ends_at, sub.provider, sub.status, l.id
    FROM sessions s
    JOIN users u ON u.tenant_id = s.tenant_id AND u.id = s.user_id
    JOIN tenants t ON t.tenant_id = s.tenant_id
    LEFT JOIN subscriptions sub ON sub.tenant_id = s.tenant_id
    LEFT JOIN licenses l ON l.tenant_id = s.tenant_id AND l.user_id = s.user_id
    WHERE s.id = p_session AND s.user_id = p_user;
  UPDATE sessions s SET last_used_at = now()
    WHERE s.id IN (
      SELECT d.id FROM sessions d
      WHERE d.id = p_session AND d.user_id = p_user AND d.revoked_at IS NULL AND d.last_used_at < now() - interval '1 minute'
        AND EXISTS (SELECT 1 FROM users u WHERE u.tenant_id = d.tenant_id AND u.id = d.user_id AND NOT u.archived)
      FOR UPDATE SKIP LOCKED
    );
END
$$;
