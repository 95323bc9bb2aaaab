/**
 * A name for a new passkey from the browser's user agent ("Chrome on Android"); the user can
 * change it before saving. Product names, not translated.
 */
export function guessDeviceName(userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent): string {
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /(Chrome|Chromium|CriOS)\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : '';
  const system = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'Mac'
          : /Windows/.test(ua)
            ? 'Windows'
            : /Linux|X11/.test(ua)
              ? 'Linux'
              : '';
  const name = [browser, system].filter(Boolean).join(' · ');
  return name || 'Passkey';
}
