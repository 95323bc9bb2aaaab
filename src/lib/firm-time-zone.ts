/**
 * The firm's time zone as the signed-in layout last read it from the firm's profile
 * (`requireLiveSession`), so that every period the app computes ("today", "last month") begins and
 * ends at the firm's midnights, also in route loaders that have no hook to ask. Undefined before
 * the profile was read (then the browser's zone applies). A tiny module of its own: the entry
 * chunk needs it, the period presets it serves are not in the entry.
 */
let firmTimeZone: string | undefined;

export function setFirmTimeZone(timeZone: string | null | undefined): void {
  firmTimeZone = timeZone ?? undefined;
}

export function getFirmTimeZone(): string | undefined {
  return firmTimeZone;
}
