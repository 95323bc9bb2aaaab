/**
 * A signed-in caller is answered in the language of their account, which the server reads from
 * the access token: error messages, period labels, working-time warnings, PDFs and mails. When
 * the account's language changes (the language switch, the profile on /account), a new token set
 * carries it at once instead of at the next refresh, and what the server wrote in the old
 * language is read again.
 */
import { refreshTokens } from './api-interceptors';
import { queryClient } from './query-client';

export async function adoptAccountLanguage(): Promise<void> {
  try {
    await refreshTokens();
  } catch {
    // The refresh failed: the session has ended and the guards take the user to the login.
    return;
  }
  await queryClient.invalidateQueries();
}
