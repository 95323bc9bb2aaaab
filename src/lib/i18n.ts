import { i18n, type Messages } from '@lingui/core';
import dayjs from 'dayjs';
import 'dayjs/locale/de';
import 'dayjs/locale/en';
import { defaultLocale, getStoredLocale, normalizeLocale, storeLocale, type Locale } from './locale';
import { reloadSession } from './session';

export { i18n };

/** Compiled by @lingui/vite-plugin on import; no separate compile step. */
async function loadMessages(locale: Locale): Promise<Messages> {
  const { messages } =
    locale === 'en' ? await import('../locales/en.po') : await import('../locales/de.po');
  return messages;
}

/**
 * Switches Lingui, dayjs and `<html lang>` to the locale and keeps it in localStorage.
 * Unknown locales fall back to German.
 */
export async function activateLocale(requested: string): Promise<Locale> {
  const locale = normalizeLocale(requested);
  const messages = await loadMessages(locale);
  i18n.loadAndActivate({ locale, messages });
  dayjs.locale(locale);
  document.documentElement.lang = locale;
  storeLocale(locale);
  reloadSession(); // session.locale follows the UI language
  return locale;
}

/** Activates the stored locale (or German) before the first render. */
export function initI18n(): Promise<Locale> {
  return activateLocale(getStoredLocale() ?? defaultLocale);
}
