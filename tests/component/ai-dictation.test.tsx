/**
 * AI in the app, against the contract's fake API: a dictation (typed here; the microphone is the
 * e2e test's) sorted into proposals that the person edits or drops before anything is saved; the
 * missing consent explained with its link; a summary taken over as the invoice title.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { aiStatus, firm, information, page } from './contract-data';
import { failure, serveContract } from './contract-server';
import { injectSession, renderApp } from './helpers';

const huber = firm('Bäckerei Huber');
const tile = '5a2d9c6e-1f4b-4a7d-9e3c-8b0f2d4a6c13';
const proposal = {
  time: { durationSeconds: 7200, description: 'Fliesen im Bad verlegt' },
  materials: [
    { text: 'Fliese 30x60', quantity: 12, unit: 'Stk', match: 'similar' as const, productId: tile, productName: 'Fliese 30x60 anthrazit', unitPrice: 4.2, vatRate: 19 },
    { text: 'Silikon', quantity: 2, unit: 'Kartusche', match: 'none' as const, productId: null, productName: null, unitPrice: null, vatRate: null },
  ],
  note: 'Kunde wünscht Rückruf.',
};

describe('dictation sorted into entries', { timeout: 40_000 }, () => {
  it('proposes entries from the dictation; only the kept and edited ones are saved', async () => {
    injectSession({ roles: ['Employee'] });
    const created: unknown[] = [];
    const server = serveContract({
      aiGetStatus: aiStatus({ consent: true }),
      customersGet: huber,
      customerActivitiesByCustomer: page([]),
      aiSortDictation: () => proposal,
      informationCreate: ({ body }) => {
        created.push(body);
        return information(huber, {});
      },
    });
    const user = userEvent.setup();
    await renderApp(`/customer/${huber.id}`);
    await user.click(await screen.findByRole('button', { name: 'Diktat' }));
    // The dialog's code loads at the first click: on a busy machine that takes longer than a second.
    const dialog = await screen.findByRole('dialog', { name: 'Einträge diktieren' }, { timeout: 15_000 });
    expect(within(dialog).getByRole('button', { name: 'Einträge vorschlagen' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Diktat'), 'Zwei Stunden Fliesen im Bad verlegt, zwölf Fliesen, zwei Kartuschen Silikon');
    await user.click(within(dialog).getByRole('button', { name: 'Einträge vorschlagen' }));
    expect(await within(dialog).findByText('Fliese 30x60 anthrazit')).toBeInTheDocument();
    expect(server.calls('aiSortDictation')[0].body).toEqual({ text: 'Zwei Stunden Fliesen im Bad verlegt, zwölf Fliesen, zwei Kartuschen Silikon', language: 'de' });
    expect(within(dialog).getByText('Ähnliches Produkt')).toBeInTheDocument();
    expect(within(dialog).getByText('Freitext')).toBeInTheDocument();
    const time = within(dialog).getByTestId('proposed-time');
    expect(within(time).getByLabelText('Stunden')).toHaveValue('2');
    // The person corrects the time, drops the silicone and the note.
    await user.clear(within(time).getByLabelText('Minuten'));
    await user.type(within(time).getByLabelText('Minuten'), '30');
    const materials = within(dialog).getAllByTestId('proposed-material');
    await user.click(within(materials[1]).getByRole('checkbox'));
    await user.click(within(within(dialog).getByTestId('proposed-note')).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: '2 Einträge speichern' }));
    await waitFor(() =>
      expect(created).toEqual([
        { customerId: huber.id, subType: 'time', durationSeconds: 9000, text: 'Fliesen im Bad verlegt' },
        { customerId: huber.id, subType: 'material', productId: tile, quantity: 12, unit: 'Stk' },
      ]),
    );
    expect(await screen.findByText('2 Einträge gespeichert.')).toBeInTheDocument();
  });

  it('explains the missing consent instead of offering the dictation, with a link for the back office', async () => {
    injectSession({ roles: ['Manager'] });
    const server = serveContract({ customersGet: huber, customerActivitiesByCustomer: page([]) });
    const user = userEvent.setup();
    await renderApp(`/customer/${huber.id}`);
    await user.click(await screen.findByRole('button', { name: 'Diktat' }));
    // The dialog's code loads at the first click: on a busy machine that takes longer than a second.
    const dialog = await screen.findByRole('dialog', { name: 'Einträge diktieren' }, { timeout: 15_000 });
    const notice = await within(dialog).findByTestId('ai-consent-notice');
    expect(within(notice).getByRole('link', { name: 'Einwilligung im Firmenprofil erteilen' })).toHaveAttribute('href', '/profile?tab=3');
    expect(server.calls('aiSortDictation')).toEqual([]);
  });

  it('tells an Employee to ask the back office, and a refused call shows the same notice', async () => {
    injectSession({ roles: ['Employee'] });
    serveContract({
      aiGetStatus: aiStatus({ consent: true }),
      customersGet: huber,
      customerActivitiesByCustomer: page([]),
      aiSortDictation: failure(403, 'AI_CONSENT_REQUIRED', 'Für KI-Funktionen braucht es die Einwilligung Ihrer Firma.'),
    });
    const user = userEvent.setup();
    await renderApp(`/customer/${huber.id}`);
    await user.click(await screen.findByRole('button', { name: 'Diktat' }));
    // The dialog's code loads at the first click: on a busy machine that takes longer than a second.
    const dialog = await screen.findByRole('dialog', { name: 'Einträge diktieren' }, { timeout: 15_000 });
    await user.type(within(dialog).getByLabelText('Diktat'), 'Eine Stunde');
    await user.click(within(dialog).getByRole('button', { name: 'Einträge vorschlagen' }));
    const notice = await within(dialog).findByTestId('ai-consent-notice');
    expect(within(notice).getByText('Eine Führungskraft Ihrer Firma kann sie erteilen.')).toBeInTheDocument();
    expect(within(notice).queryByRole('link')).toBeNull();
  });
});

describe('consent given in the profile', { timeout: 30_000 }, () => {
  it('takes effect in the dictation at once, without a reload', async () => {
    injectSession({ roles: ['Manager'] });
    let granted = false;
    const state = () => ({ purpose: 'ai' as const, granted, grantedAtUtc: granted ? '2026-11-26T08:00:00.000Z' : null, revokedAtUtc: null });
    serveContract({
      aiGetStatus: () => aiStatus({ consent: granted }),
      customersGet: huber,
      customerActivitiesByCustomer: page([]),
      managementGetConsentTexts: page(
        (['terms', 'privacy', 'ai', 'gps'] as const).map((purpose) => ({ purpose, language: 'de' as const, title: `Titel ${purpose}`, text: `Text zu ${purpose}`, version: '2026-11', required: purpose === 'terms' })),
      ),
      managementGetConsentHistory: page([]),
      managementGetTenantConsent: ({ query }) => (query.purpose === 'ai' ? state() : { purpose: query.purpose as 'gps', granted: false, grantedAtUtc: null, revokedAtUtc: null }),
      managementUpdateTenantConsent: ({ body }) => {
        granted = (body as { granted: boolean }).granted;
        return state();
      },
    });
    const user = userEvent.setup();
    const { router } = await renderApp(`/customer/${huber.id}`);
    await user.click(await screen.findByRole('button', { name: 'Diktat' }));
    // The dialog's code loads at the first click: on a busy machine that takes longer than a second.
    const dialog = await screen.findByRole('dialog', { name: 'Einträge diktieren' }, { timeout: 15_000 });
    await user.click(await within(dialog).findByRole('link', { name: 'Einwilligung im Firmenprofil erteilen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    const ai = (await screen.findByRole('heading', { name: 'Titel ai' })).closest('.mantine-Paper-root') as HTMLElement;
    await user.click(await within(ai).findByRole('button', { name: 'Erteilen' }));
    await within(ai).findByText('Erteilt');
    await router.navigate({ to: '/customer/$id', params: { id: huber.id } });
    await user.click(await screen.findByRole('button', { name: 'Diktat' }));
    const again = await screen.findByRole('dialog', { name: 'Einträge diktieren' });
    expect(await within(again).findByLabelText('Diktat')).toBeInTheDocument();
    expect(within(again).queryByTestId('ai-consent-notice')).toBeNull();
  });
});

describe('the microphone', { timeout: 40_000 }, () => {
  const original = { recorder: window.MediaRecorder, devices: navigator.mediaDevices };
  afterEach(() => {
    Object.defineProperty(window, 'MediaRecorder', { value: original.recorder, configurable: true, writable: true });
    Object.defineProperty(navigator, 'mediaDevices', { value: original.devices, configurable: true });
  });

  /** A browser with MediaRecorder whose microphone request fails with this DOMException. */
  function microphoneRefuses(name: string) {
    Object.defineProperty(window, 'MediaRecorder', { value: class {}, configurable: true, writable: true });
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia: () => Promise.reject(new DOMException('refused', name)) }, configurable: true });
  }

  async function pressMicrophone() {
    injectSession({ roles: ['Employee'] });
    const server = serveContract({ aiGetStatus: aiStatus({ consent: true }), customersGet: huber, customerActivitiesByCustomer: page([]) });
    const user = userEvent.setup();
    await renderApp(`/customer/${huber.id}`);
    await user.click(await screen.findByRole('button', { name: 'Notiz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neue Notiz' });
    const microphone = await within(dialog).findByRole('button', { name: 'Diktieren' });
    // Enabled once the firm's AI state is known.
    await waitFor(() => expect(microphone).toBeEnabled());
    await user.click(microphone);
    return server;
  }

  it('says that a browser without recording cannot record, sending nothing', async () => {
    const server = await pressMicrophone();
    expect(await screen.findByText('Die Audioaufnahme ist fehlgeschlagen.')).toBeInTheDocument();
    expect(screen.getByText('Dieser Browser kann keine Audioaufnahmen machen.')).toBeInTheDocument();
    expect(server.calls('aiTranscribe')).toEqual([]);
  });

  it('names a refused permission', async () => {
    microphoneRefuses('NotAllowedError');
    await pressMicrophone();
    expect(await screen.findByText("Das Mikrofon darf nicht verwendet werden. Erlauben Sie es für diese Seite in den Einstellungen des Browsers.")).toBeInTheDocument();
  });

  it('names a missing microphone', async () => {
    microphoneRefuses('NotFoundError');
    await pressMicrophone();
    expect(await screen.findByText('Es wurde kein Mikrofon gefunden.')).toBeInTheDocument();
  });
});
