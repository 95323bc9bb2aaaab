/**
 * The firm's own wording of app texts (set in the localisation manager): applied over the built-in
 * catalogs after sign-in, removed again when the firm changes or signs out. The built-in text of
 * every overridden message is kept, so the manager shows it and a removal restores it.
 */
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Messages } from '@lingui/core';
import { i18n } from './i18n';
import type { Locale } from './locale';

type Compiled = Messages[string];
type Token = string | [string, string?, Record<string, unknown>?];

export interface TextOverrideItem {
  locale: Locale;
  messageId: string;
  text: string;
}

/** The built-in compiled messages that an override replaced, per locale. */
const originals: Record<Locale, Record<string, Compiled>> = { de: {}, en: {} };
let applied: TextOverrideItem[] = [];

async function builtInMessages(locale: Locale): Promise<Messages> {
  const { messages } = locale === 'en' ? await import('../locales/en.po') : await import('../locales/de.po');
  return messages;
}

/** The built-in catalog of a locale, without the firm's texts. */
export async function builtInCatalog(locale: Locale): Promise<Messages> {
  return { ...(await builtInMessages(locale)), ...originals[locale] };
}

/** Replaces the applied overrides by these (an empty list restores every built-in text). */
export async function applyTextOverrides(items: TextOverrideItem[]): Promise<void> {
  const next = new Map(items.map((item) => [`${item.locale}:${item.messageId}`, item]));
  for (const locale of ['de', 'en'] as const) {
    const catalog = await builtInMessages(locale);
    const changes: Messages = {};
    for (const old of applied.filter((o) => o.locale === locale && !next.has(`${locale}:${o.messageId}`))) {
      changes[old.messageId] = originals[locale][old.messageId];
      delete originals[locale][old.messageId];
    }
    for (const item of items.filter((i) => i.locale === locale)) {
      if (!(item.messageId in catalog) && !(item.messageId in originals[locale])) continue; // no longer a message of the app
      try {
        const compiled = compileMessageOrThrow(item.text);
        if (!(item.messageId in originals[locale])) originals[locale][item.messageId] = catalog[item.messageId];
        changes[item.messageId] = compiled;
      } catch {
        // A text the compiler cannot read keeps the built-in one.
      }
    }
    if (Object.keys(changes).length > 0) i18n.load(locale, changes);
  }
  applied = items;
  // Re-render what is on screen in the active locale.
  if (i18n.locale) i18n.activate(i18n.locale);
}

function tokenText(token: Token): string {
  if (typeof token === 'string') return token;
  const [name, format, options] = token;
  if (!format) return `{${name}}`;
  if (!options) return `{${name}, ${format}}`;
  const parts = Object.entries(options)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => (key === 'offset' ? `offset:${String(value)}` : `${key} {${messageText(value as Compiled)}}`));
  return `{${name}, ${format}, ${parts.join(' ')}}`;
}

/** A compiled message written back as the text an editor writes (`Hallo {name}`, ICU plurals). */
export function messageText(message: Compiled | undefined): string {
  if (message === undefined) return '';
  if (typeof message === 'string') return message;
  return (message as Token[]).map(tokenText).join('');
}

function placeholdersOf(message: Compiled, into: Set<string>) {
  if (typeof message === 'string') return;
  for (const token of message as Token[]) {
    if (typeof token === 'string') {
      for (const tag of token.match(/<\/?\d+\/?>/g) ?? []) into.add(tag);
      continue;
    }
    into.add(`{${token[0]}}`);
    for (const [key, value] of Object.entries(token[2] ?? {})) if (key !== 'offset') placeholdersOf(value as Compiled, into);
  }
}

/**
 * Why a firm's text cannot replace the built-in one: `syntax` when it is no valid message,
 * `placeholders` when it drops or adds a placeholder or tag of the built-in text; null when fine.
 */
export function overrideProblem(builtIn: Compiled | undefined, text: string): { kind: 'syntax' } | { kind: 'placeholders'; expected: string[] } | null {
  let compiled: Compiled;
  // The parser reads a lone brace as text; in a translation it is a placeholder typed wrong.
  if ((text.match(/{/g) ?? []).length !== (text.match(/}/g) ?? []).length) return { kind: 'syntax' };
  try {
    compiled = compileMessageOrThrow(text);
  } catch {
    return { kind: 'syntax' };
  }
  const expected = new Set<string>();
  const actual = new Set<string>();
  if (builtIn !== undefined) placeholdersOf(builtIn, expected);
  placeholdersOf(compiled, actual);
  const same = expected.size === actual.size && [...expected].every((p) => actual.has(p));
  return same ? null : { kind: 'placeholders', expected: [...expected].sort() };
}
