/** /development: the mail outbox of a server without SMTP (never in production). */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serveContract } from './contract-server';
import { renderApp } from './helpers';

/** The outbox is served beside the contract, only outside production. */
const outbox = (body: unknown) => ({ '/dev/outbox': () => Response.json(body) });

const mails = [
  {
    id: 'm-2',
    from: 'Fieldbook <no-reply@localhost>',
    to: 'anna@elektro-schneider.de',
    subject: 'Passwort zurücksetzen',
    text: 'Hallo,\n\nNeues Passwort: http://localhost:3000/password-reset?userId=u&token=t',
    html: '<p>Hallo</p><script>parent.pwned = true</script><a href="http://localhost:3000/password-reset">Neues Passwort</a>',
    sentAtUtc: '2026-11-22T09:00:00.000Z',
  },
  {
    id: 'm-1',
    from: 'Fieldbook <no-reply@localhost>',
    to: 'anna@elektro-schneider.de',
    subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
    text: 'Bestätigen: http://localhost:3000/api/Auth/ConfirmEmail?userId=u&token=t',
    html: '<p>Bestätigen</p>',
    sentAtUtc: '2026-11-22T08:00:00.000Z',
  },
];

describe('the development outbox', () => {
  it('lists the mails and shows the chosen one as HTML in a sandbox and as text', async () => {
    serveContract({}, outbox({ usesOutbox: true, mails }));
    const user = userEvent.setup();
    await renderApp('/development');
    const list = await screen.findByRole('list', { name: 'E-Mails' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const frame = screen.getByTitle('HTML der E-Mail');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('Neues Passwort');

    await user.click(within(list).getByText('Bitte bestätigen Sie Ihre E-Mail-Adresse'));
    expect(screen.getByRole('heading', { level: 2, name: 'Bitte bestätigen Sie Ihre E-Mail-Adresse' })).toBeInTheDocument();
    await user.click(screen.getByText('Nur Text'));
    expect(screen.getByText(/Bestätigen: http:\/\/localhost:3000\/api\/Auth\/ConfirmEmail/)).toBeInTheDocument();
  });

  it('says so when mail goes over SMTP', async () => {
    serveContract({}, outbox({ usesOutbox: false, mails: [] }));
    await renderApp('/development');
    expect(await screen.findByText(/E-Mails gehen an den eingerichteten SMTP-Server/)).toBeInTheDocument();
    expect(screen.queryByText('Noch keine E-Mails')).toBeNull();
  });

  it('says the outbox is not available (production or the mock server)', async () => {
    serveContract({}, { '/dev/outbox': () => new Response('Not Found', { status: 404 }) });
    await renderApp('/development');
    expect(await screen.findByText(/Der Postausgang ist hier nicht verfügbar/)).toBeInTheDocument();
  });
});
