/**
 * The localisation manager against a fake API: every message in English and German, search and the
 * "missing", "same as English" and "own wording" filters; the Owner's own wording is checked for
 * its placeholders, saved per language and applied at once in the whole app (the side menu reads
 * it); removing it restores the built-in text; Admins only read, Employees see nothing. And the
 * message texts as an editor writes them back from compiled messages.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { afterEach, describe, expect, it } from 'vitest';
import type { TextOverride } from '../../generated/api/types.gen';
import { applyTextOverrides, messageText, overrideProblem } from '../../src/lib/text-overrides';
import { serveContract } from './contract-server';
import { injectSession, renderApp, setWindowWidth } from './helpers';

afterEach(async () => {
  await applyTextOverrides([]);
});

const customersId = generateMessageId('Customers');

describe('message texts', () => {
  it('writes compiled messages back as editors write them, plurals included', () => {
    expect(messageText(compileMessage('Plain text'))).toBe('Plain text');
    expect(messageText(compileMessage('Hello {name}, you have {count}'))).toBe('Hello {name}, you have {count}');
    expect(messageText(compileMessage('{count, plural, one {# Foto} other {# Fotos}}'))).toBe('{count, plural, one {# Foto} other {# Fotos}}');
  });

  it('refuses a text that drops, adds or renames a placeholder or tag, or is no valid message', () => {
    const builtIn = compileMessage('{0} of {1} <0>selected</0>');
    expect(overrideProblem(builtIn, '{1} von {0} <0>gewählt</0>')).toBeNull();
    expect(overrideProblem(builtIn, '{0} von {1} gewählt')).toEqual({ kind: 'placeholders', expected: ['</0>', '<0>', '{0}', '{1}'] });
    expect(overrideProblem(builtIn, '{0} von {2} <0>gewählt</0>')?.kind).toBe('placeholders');
    expect(overrideProblem(compileMessage('Customers'), 'Auftraggeber {')).toEqual({ kind: 'syntax' });
    expect(overrideProblem(compileMessage('Customers'), 'Auftraggeber')).toBeNull();
  });
});

describe('/manage-locals', { timeout: 30_000 }, () => {
  it('lists every text, finds by search, and applies the Owner\'s own wording in the whole app', async () => {
    setWindowWidth(1280);
    injectSession({ roles: ['Owner'] });
    let overrides: TextOverride[] = [];
    const server = serveContract({
      localisationGetTextOverrides: () => ({ items: overrides }),
      localisationSetTextOverride: ({ body }) => {
        const { locale, messageId, text } = body as { locale: 'de' | 'en'; messageId: string; text: string | null };
        overrides = overrides.filter((o) => !(o.locale === locale && o.messageId === messageId));
        if (text === null) return null;
        const saved = { locale, messageId, text, updatedAtUtc: '2026-11-24T08:00:00.000Z' };
        overrides.push(saved);
        return saved;
      },
    });
    const user = userEvent.setup();
    await renderApp('/manage-locals');
    const table = await screen.findByRole('table', { name: 'Texte der App' });
    expect(screen.getByRole('radio', { name: /^Alle \(\d{3,}\)$/ })).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Texte durchsuchen' }), 'Customers');
    const row = within(table).getAllByRole('row').find((r) => within(r).queryByText('Customers', { exact: true }))!;
    expect(within(row).getByText('Kunden', { exact: true })).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Text ändern: Customers' }));

    const dialog = await screen.findByRole('dialog', { name: 'Eigene Formulierung' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Deutsch' }), 'Auftraggeber');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(server.calls('localisationSetTextOverride')).toHaveLength(1));
    expect(server.calls('localisationSetTextOverride')[0].body).toEqual({ locale: 'de', messageId: customersId, text: 'Auftraggeber' });

    // The side menu now reads the firm's word.
    await waitFor(() => expect(screen.getByRole('link', { name: 'Auftraggeber' })).toBeInTheDocument());
    await user.click(screen.getByRole('radio', { name: 'Eigene Formulierung (1)' }));
    expect(within(table).getByText('eigene Formulierung')).toBeInTheDocument();

    // Emptied again: the built-in word is back.
    await user.click(within(table).getByRole('button', { name: 'Text ändern: Customers' }));
    const again = await screen.findByRole('dialog', { name: 'Eigene Formulierung' });
    await user.clear(within(again).getByRole('textbox', { name: 'Deutsch' }));
    await user.click(within(again).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Kunden' })).toBeInTheDocument());
    expect(screen.queryByRole('link', { name: 'Auftraggeber' })).not.toBeInTheDocument();
    expect(server.calls('localisationSetTextOverride')[1].body).toEqual({ locale: 'de', messageId: customersId, text: null });
  });

  it('keeps a text that drops a placeholder from being saved', async () => {
    injectSession({ roles: ['Owner'] });
    const server = serveContract({});
    const user = userEvent.setup();
    await renderApp('/manage-locals');
    await screen.findByRole('table', { name: 'Texte der App' });
    await user.type(screen.getByRole('textbox', { name: 'Texte durchsuchen' }), 'License for {name}');
    await user.click(await screen.findByRole('button', { name: 'Text ändern: License for {name}' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eigene Formulierung' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Deutsch' }), 'Lizenz');
    expect(within(dialog).getByText('Behalten Sie genau diese Platzhalter: {name}')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Speichern' })).toBeDisabled();
    expect(server.calls('localisationSetTextOverride')).toHaveLength(0);
  });

  it('lets an Admin read without changing, and shows an Employee nothing', async () => {
    injectSession({ roles: ['Admin'] });
    serveContract({});
    await renderApp('/manage-locals');
    await screen.findByRole('table', { name: 'Texte der App' });
    expect(screen.queryByRole('button', { name: /^Text ändern/ })).not.toBeInTheDocument();
  });

  it('shows an Employee why there is nothing', async () => {
    injectSession({ roles: ['Employee'] });
    const server = serveContract({});
    await renderApp('/manage-locals');
    expect(await screen.findByText('Nur Inhaber und Administratoren verwalten die Texte der App.')).toBeInTheDocument();
    // The loader of the signed-in app still asks once for the firm's texts; the screen asks nothing more.
    expect(server.calls('localisationGetTextOverrides').length).toBeLessThanOrEqual(1);
  });
});
