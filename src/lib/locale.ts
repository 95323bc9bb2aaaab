import { readStorage, storageKeys, writeStorage } from './storage';

export const locales = ['de', 'en'] as const;
export type Locale = (typeof locales)[number];

/** German is the default UI language and the fallback for anything unknown. */
export const defaultLocale: Locale = 'de';

function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** `de-DE` → `de`, `en-US` → `en`, anything else → `de`. */
export function normalizeLocale(value: string | null | undefined): Locale {
  const base = value?.toLowerCase().split(/[-_]/)[0];
  return isLocale(base) ? base : defaultLocale;
}

export function getStoredLocale(): Locale {
  return normalizeLocale(readStorage(storageKeys.locale));
}

export function storeLocale(locale: Locale): void {
  writeStorage(storageKeys.locale, locale);
}
