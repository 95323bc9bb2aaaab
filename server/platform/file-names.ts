/**
 * File names of what the server hands out (photos, PDFs): readable, ASCII only, safe in any file
 * system and in a `Content-Disposition` header.
 */

const GERMAN: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ß: 'ss' };

/** `Elektro Schneider GmbH & Co. KG` → `Elektro-Schneider-GmbH-Co-KG` (umlauts spelled out). */
export function slug(text: string, maxLength = 60): string {
  const ascii = text
    .replace(/[äöüÄÖÜß]/g, (c) => GERMAN[c])
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return ascii.slice(0, maxLength).replace(/-+$/, '');
}

/** Date and time of an instant on the wall clock of a time zone: `2026-11-20` and `0830`. */
export function localStamp(instant: Date, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .filter((p) => p.type !== 'literal')
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}${parts.minute}` };
}

/** `inline; filename="a.jpg"; filename*=UTF-8''a.jpg` */
export function contentDisposition(fileName: string, disposition: 'inline' | 'attachment' = 'inline'): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
