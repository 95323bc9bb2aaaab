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
  // Customers, products and CSV import
  INVALID_EAN: 'Die EAN ist ungültig: Sie braucht 8, 12 oder 13 Ziffern und eine passende Prüfziffer.',
  DUPLICATE_EAN: 'Ein anderes Produkt hat bereits diese EAN.',
  IMPORT_INVALID_ROWS: 'Die Datei enthält fehlerhafte Zeilen; es wurde nichts importiert.',
  'customers.nameRequired': 'Bitte geben Sie mindestens einen Firmennamen oder Vor- und Nachnamen ein.',
  'customers.emailInvalid': 'Die E-Mail-Adresse ist ungültig.',
  'customers.countryInvalid': 'Unbekannter Ländercode (zwei Buchstaben, z. B. DE).',
  'customers.hourlyRateRange': 'Der Stundensatz muss zwischen 0 und 10.000 Euro liegen.',
  'customers.externalIdTaken': 'Ein anderer Kunde hat bereits diese externe Kennung.',
  'products.nameRequired': 'Bitte geben Sie einen Namen ein.',
  'products.unitRequired': 'Bitte geben Sie eine Einheit ein.',
  'products.unitTooLong': 'Die Einheit darf höchstens 20 Zeichen haben.',
  'products.priceRequired': 'Bitte geben Sie einen Nettopreis ein.',
  'products.priceRange': 'Der Nettopreis muss zwischen 0 und 1.000.000 Euro liegen.',
  'products.vatRateInvalid': 'Der Mehrwertsteuersatz muss 19, 7 oder 0 % sein.',
  'products.stockRange': 'Der Bestand liegt außerhalb des erlaubten Bereichs.',
  'products.deleted': 'Das Produkt wurde gelöscht.',
  'products.archivedInstead': 'Das Produkt wird in Einträgen verwendet und wurde deshalb archiviert statt gelöscht.',
  'import.duplicateExternalId': 'Die externe Kennung {key} steht schon in Zeile {row}.',
  'import.duplicateEan': 'Die EAN {key} steht schon in Zeile {row}.',
  'import.duplicateName': 'Ein Produkt ohne EAN mit diesem Namen steht schon in Zeile {row}.',
  'import.ambiguousName': 'Mehrere Produkte ohne EAN heißen so; bitte geben Sie eine EAN an.',
  // Accounts
  INVALID_CREDENTIALS: 'E-Mail oder Passwort ist falsch.',
  'auth.invalidCredentials': 'E-Mail oder Passwort ist falsch.',
  'auth.termsRequired': 'Die Nutzungsbedingungen müssen akzeptiert werden.',
  'auth.emailTaken': 'Für diese E-Mail-Adresse gibt es bereits ein Konto. Bitte melden Sie sich an.',
  'auth.passwordTooWeak': 'Dieses Passwort ist zu leicht zu erraten. Bitte wählen Sie mindestens 8 Zeichen, die nicht auf der Liste häufiger Passwörter stehen.',
  'auth.passwordMismatch': 'Die Passwörter stimmen nicht überein.',
  'auth.passwordUnchanged': 'Das neue Passwort muss sich vom alten unterscheiden.',
  'auth.oldPasswordWrong': 'Das bisherige Passwort ist falsch.',
  'auth.linkInvalid': 'Dieser Link ist ungültig.',
  'auth.linkUsed': 'Dieser Link wurde bereits verwendet.',
  'auth.linkExpired': 'Dieser Link ist abgelaufen. Bitte fordern Sie einen neuen an.',
  'auth.resendWait': 'Bitte warten Sie noch {seconds} Sekunden, bevor Sie eine neue E-Mail anfordern.',
  'auth.passkeyExists': 'Dieser Passkey ist bereits registriert.',
  'auth.passkeyInvalid': 'Der Passkey konnte nicht geprüft werden. Bitte versuchen Sie es erneut.',
  'auth.passkeyLast': 'Der letzte Passkey kann nicht gelöscht werden, solange kein Passwort gesetzt ist.',
  'auth.externalNotConfigured': 'Diese Anmeldung ist auf diesem Server nicht eingerichtet.',
  'auth.googleFailed': 'Die Anmeldung mit Google ist fehlgeschlagen.',
  'auth.appleFailed': 'Die Anmeldung mit Apple ist fehlgeschlagen.',
  'users.ownerProtected': 'Der Inhaber kann nicht archiviert oder herabgestuft werden; die Inhaberschaft wird gesondert übertragen.',
  'users.invited': 'Die Einladung wurde versendet.',
  'common.saved': 'Gespeichert.',
  'auth.passwordChanged': 'Das Passwort wurde geändert. Andere Geräte wurden abgemeldet.',
  'auth.passwordReset': 'Das Passwort wurde zurückgesetzt. Bitte melden Sie sich an.',
  'auth.resetMailSent': 'Wenn es ein Konto mit dieser Adresse gibt, haben wir eine E-Mail mit einem Link gesendet.',
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
  INVALID_EAN: 'The EAN is not valid: it needs 8, 12 or 13 digits and a matching check digit.',
  DUPLICATE_EAN: 'Another product already has this EAN.',
  IMPORT_INVALID_ROWS: 'The file has rows with errors; nothing was imported.',
  'customers.nameRequired': 'Please enter at least a company name or first/last name.',
  'customers.emailInvalid': 'The email address is not valid.',
  'customers.countryInvalid': 'Unknown country code (two letters, e.g. DE).',
  'customers.hourlyRateRange': 'The hourly rate must be between 0 and 10,000 euro.',
  'customers.externalIdTaken': 'Another customer already has this external id.',
  'products.nameRequired': 'Please enter a name.',
  'products.unitRequired': 'Please enter a unit.',
  'products.unitTooLong': 'The unit may have at most 20 characters.',
  'products.priceRequired': 'Please enter a net price.',
  'products.priceRange': 'The net price must be between 0 and 1,000,000 euro.',
  'products.vatRateInvalid': 'The VAT rate must be 19, 7 or 0 %.',
  'products.stockRange': 'The stock is outside the allowed range.',
  'products.deleted': 'The product was deleted.',
  'products.archivedInstead': 'The product is used in entries, so it was archived instead of deleted.',
  'import.duplicateExternalId': 'The external id {key} already appears in row {row}.',
  'import.duplicateEan': 'The EAN {key} already appears in row {row}.',
  'import.duplicateName': 'A product without EAN with this name already appears in row {row}.',
  'import.ambiguousName': 'Several products without EAN have this name; please give an EAN.',
  // Accounts
  INVALID_CREDENTIALS: 'E-mail or password is wrong.',
  'auth.invalidCredentials': 'E-mail or password is wrong.',
  'auth.termsRequired': 'Terms must be accepted.',
  'auth.emailTaken': 'There is already an account for this e-mail address. Please sign in.',
  'auth.passwordTooWeak': 'This password is too easy to guess. Please use at least 8 characters that are not on the list of common passwords.',
  'auth.passwordMismatch': 'Passwords must match.',
  'auth.passwordUnchanged': 'The new password must differ from the old one.',
  'auth.oldPasswordWrong': 'The current password is wrong.',
  'auth.linkInvalid': 'This link is not valid.',
  'auth.linkUsed': 'This link has already been used.',
  'auth.linkExpired': 'This link has expired. Please ask for a new one.',
  'auth.resendWait': 'Please wait {seconds} more seconds before asking for another mail.',
  'auth.passkeyExists': 'This passkey is already registered.',
  'auth.passkeyInvalid': 'The passkey could not be verified. Please try again.',
  'auth.passkeyLast': 'The last passkey cannot be deleted while no password is set.',
  'auth.externalNotConfigured': 'This sign-in is not set up on this server.',
  'auth.googleFailed': 'Google login failed.',
  'auth.appleFailed': 'Apple login failed.',
  'users.ownerProtected': 'The owner cannot be archived or demoted; ownership is transferred separately.',
  'users.invited': 'The invitation has been sent.',
  'common.saved': 'Saved.',
  'auth.passwordChanged': 'The password has been changed. Other devices have been signed out.',
  'auth.passwordReset': 'The password has been reset. Please sign in.',
  'auth.resetMailSent': 'If there is an account with this address, we have sent a mail with a link.',
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
  const template = catalogue[key] ?? catalogues.de[key] ?? (key.includes(' ') ? key : catalogue.UNEXPECTED_ERROR);
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params?.[name] ?? ''));
}
