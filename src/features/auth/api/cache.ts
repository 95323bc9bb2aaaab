/**
 * What changes in the query cache when the own account changes, in one place (style rule 3).
 * Built on the generated query keys: the own user with its sessions (`usersGet`) and the passkeys
 * (`authWebAuthnGetKeys`).
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  authWebAuthnGetKeysQueryKey,
  usersGetQueryKey,
} from '../../../../generated/api/@tanstack/react-query.gen';
import type { UsersGetResponse, UsersUpdateMeResponse } from '../../../../generated/api/types.gen';

const ownAccountKey = (userId: string) => usersGetQueryKey({ query: { id: userId } });

/** Names, language or sessions changed: `UpdateMe` answers the account with its sessions. */
export function accountUpdated(queryClient: QueryClient, userId: string, answer: UsersUpdateMeResponse) {
  queryClient.setQueryData<UsersGetResponse>(ownAccountKey(userId), answer);
}

/** A password change ends the other sessions. */
export function passwordChanged(queryClient: QueryClient, userId: string) {
  return queryClient.invalidateQueries({ queryKey: ownAccountKey(userId) });
}

export function passkeysChanged(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: authWebAuthnGetKeysQueryKey() });
}
