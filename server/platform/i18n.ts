/**
 * The server's own messages (errors, later mails and PDFs) in German and English. The caller's
 * language comes from the signed-in user's setting or else the Accept-Language header; German is
 * the default.
 */
const de = {
  UNEXPECTED_ERROR: 'Ein unerwarteter Fehler ist aufgetreten.',
  VALIDATION_ERROR: 'Bitte prüfen Sie die Eingaben.',
  BAD_REQUEST: 'Die Anfrage ist ungültig.',
  UNAUTHORIZED: 'Bitte melden Sie sich erneut an.',
  TOKEN_INVALID: 'Die Anmeldung ist ungültig. Bitte melden Sie sich erneut an.',
  TOKEN_EXPIRED: 'Die Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.',
  FORBIDDEN: 'Ihre Rolle erlaubt diese Aktion nicht.',
  NOT_FOUND: 'Der Eintrag wurde nicht gefunden.',
  CONFLICT: 'Der Eintrag wurde inzwischen geändert.',
  ENTRY_LOCKED: 'Dieser Eintrag ist vom Kunden bestätigt und kann nicht mehr geändert werden.',
  PAYLOAD_TOO_LARGE: 'Die Datei oder Anfrage ist zu groß.',
  UNSUPPORTED_MEDIA_TYPE: 'Dieses Format wird nicht unterstützt.',
  RATE_LIMITED: 'Zu viele Versuche. Bitte warten Sie einen Moment.',
  FEATURE_NOT_IMPLEMENTED: 'Diese Funktion ist noch nicht verfügbar.',
  'api.notFound': 'Diese Schnittstelle gibt es nicht.',
  'device.missing': 'Die Geräte-Kennung fehlt oder ist ungültig.',
  'validation.required': 'Pflichtfeld.',
  'validation.type': 'Erwartet wird der Typ {type}.',
  'validation.format': 'Ungültiges Format ({format}).',
  'validation.maxLength': 'Höchstens {limit} Zeichen.',
  'validation.minLength': 'Mindestens {limit} Zeichen.',
  'validation.minimum': 'Mindestens {limit}.',
  'validation.maximum': 'Höchstens {limit}.',
  'validation.enum': 'Erlaubt sind: {values}.',
  'validation.unknownField': 'Unbekanntes Feld.',
  'validation.maxItems': 'Höchstens {limit} Einträge.',
  'validation.pattern': 'Ungültiges Format.',
  'validation.minProperties': 'Bitte mindestens ein Feld angeben.',
  'validation.invalid': 'Ungültiger Wert.',
} as const;

export type MessageKey = keyof typeof de;

const en: Record<MessageKey, string> = {
  UNEXPECTED_ERROR: 'An unexpected error occurred.',
  VALIDATION_ERROR: 'Please check your input.',
  BAD_REQUEST: 'The request is not valid.',
  UNAUTHORIZED: 'Please sign in again.',
  TOKEN_INVALID: 'Your sign-in is not valid. Please sign in again.',
  TOKEN_EXPIRED: 'Your sign-in has expired. Please sign in again.',
  FORBIDDEN: 'Your role does not allow this.',
  NOT_FOUND: 'The record was not found.',
  CONFLICT: 'The record was changed in the meantime.',
  ENTRY_LOCKED: 'This entry is confirmed by the customer and can no longer be changed.',
  PAYLOAD_TOO_LARGE: 'The file or request is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'This format is not supported.',
  RATE_LIMITED: 'Too many attempts. Please wait a moment.',
  FEATURE_NOT_IMPLEMENTED: 'This feature is not available yet.',
  'api.notFound': 'There is no such API call.',
  'device.missing': 'The device id is missing or not valid.',
  'validation.required': 'Required.',
  'validation.type': 'Expected type {type}.',
  'validation.format': 'Invalid format ({format}).',
  'validation.maxLength': 'At most {limit} characters.',
  'validation.minLength': 'At least {limit} characters.',
  'validation.minimum': 'At least {limit}.',
  'validation.maximum': 'At most {limit}.',
  'validation.enum': 'Allowed values: {values}.',
  'validation.unknownField': 'Unknown field.',
  'validation.maxItems': 'At most {limit} items.',
  'validation.pattern': 'Invalid format.',
  'validation.minProperties': 'Please give at least one field.',
  'validation.invalid': 'Invalid value.',
};

const catalogues: Record<'de' | 'en', Record<string, string>> = { de, en };

export type Lang = 'de' | 'en';

export function pickLanguage(acceptLanguage: string | undefined): Lang {
  if (!acceptLanguage) return 'de';
  const ranked = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag, q] = part.trim().split(';q=');
      return { tag: tag.toLowerCase(), q: q ? Number(q) : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    if (tag.startsWith('de')) return 'de';
    if (tag.startsWith('en')) return 'en';
  }
  return 'de';
}

export function translate(lang: string, key: string, params?: Record<string, string | number>): string {
  const catalogue = catalogues[lang === 'en' ? 'en' : 'de'];
  const template = catalogue[key] ?? catalogues.de[key] ?? catalogue.UNEXPECTED_ERROR;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params?.[name] ?? ''));
}
