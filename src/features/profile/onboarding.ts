/** When a new firm's Owner is asked for the first details (the dialog itself loads on demand). */
export const dismissedKey = (userId: string) => `fieldbook-onboarding-later-${userId}`;

/** Whether the signed-in member should be asked: an Owner without a name who did not say "later". */
export function needsOnboarding(session: { userId: string | null; roles: string[]; firstName: string | null; lastName: string | null }): boolean {
  if (!session.userId || !session.roles.includes('Owner')) return false;
  if (session.firstName || session.lastName) return false;
  return window.localStorage.getItem(dismissedKey(session.userId)) === null;
}
