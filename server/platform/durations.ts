/** Durations as the server words them in messages and prompts. */

/** "7:05 h": hours and whole minutes (cut off). */
export function hoursAndMinutes(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')} h`;
}
