/** Date and time in the UI language (English 12-hour, German 24-hour; spec section 9). */
export function formatDateTime(iso: string | null | undefined, locale: string): string {
  if (!iso) return '–';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '–';
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : 'de-DE', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
