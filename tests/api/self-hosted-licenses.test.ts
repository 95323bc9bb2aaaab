/**
 * Self-hosted licenses (no payment provider): no trial and nothing expires; once the Owner sets a
 * number of licenses, seats go to members who work, an invitation holds none until it is accepted
 * (and then takes a free one), and the refusals speak of raising the number, not of buying.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { testClock, type TestClock } from '../support/clock';
import { caller } from '../support/http';
import { newDeviceId } from '../support/api-client';
import { codeOf, createFirm, type Firm, type SignedIn } from './roles-support';

const DAY = 86400_000;

type Details = {
  status: string;
  trialEndDate: string | null;
  licenseCount: number;
  assignedCount: number;
  licenses: { userId: string | null }[];
  members: { userId: string; email: string; hasLicense: boolean; invitationPending: boolean }[];
};
const data = <T>(response: { body: unknown }) => (response.body as { data: T }).data;
const messageOf = (body: unknown) => (body as { errorMessages: { message: string }[] }).errorMessages[0].message;

describe('self-hosted licenses', () => {
  let server: TestServer;
  let clock: TestClock;
  let firm: Firm;
  let invited: { id: string; email: string };
  /** A fifth working member, the youngest Employee: last in the seat order. */
  let extra: SignedIn;
  const details = async (member: SignedIn) =>
    data<Details>(await member.call('GET', `/api/Subscription/GetSubscriptionDetails?tenantId=${member.tenantId}`));
  const work = (member: SignedIn) => member.call('GET', '/api/Customers/GetAll?page=1&pageSize=5&isDescending=false');
  const inviteLink = async (email: string) => {
    await server.settleJobs();
    const mail = server.app.deps.mailer.outbox(500).find((m) => m.to === email)!;
    const url = new URL(mail.text.match(/https?:\/\/\S+/)![0]);
    return { userId: url.searchParams.get('userId')!, token: url.searchParams.get('token')! };
  };

  beforeAll(async () => {
    clock = testClock(new Date());
    server = await startTestServer({}, { clock });
    firm = await createFirm(server, 'Elektro Eigenbetrieb GmbH');
    extra = await firm.member('Employee');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('shows no trial: the firm is active with every member licensed until the Owner sets a number', async () => {
    const d = await details(firm.owner);
    expect(d).toMatchObject({ status: 'active', trialEndDate: null, licenses: [] });
    expect(d.members.every((m) => m.hasLicense)).toBe(true);
  });

  it('gives the seats to members who work, not to an invitation that was never accepted', async () => {
    // An invited Manager, who would come before the Employee in the seat order.
    const email = `neu.${Date.now()}@eigenbetrieb.de`;
    const invitation = await firm.owner.call('POST', '/api/Users/Invite', { body: { email, firstName: 'Nina', lastName: 'Neu', role: 'Manager', language: 'de' } });
    expect(invitation.status).toBe(200);
    invited = { id: (invitation.body as { data: { id: string } }).data.id, email };

    expect((await firm.owner.call('POST', '/api/Subscription/CreateCheckout', { body: { licenseCount: 4 } })).status).toBe(200);
    const d = await details(firm.owner);
    const holders = d.licenses.map((l) => l.userId);
    expect(holders).toEqual(expect.arrayContaining([firm.owner.userId, firm.admin.userId, firm.manager.userId, firm.employee.userId]));
    expect(holders).not.toContain(invited.id);
    expect(d.members.find((m) => m.userId === invited.id)).toMatchObject({ hasLicense: false, invitationPending: true });
    expect(d.assignedCount).toBe(4);
    // Seats apply at once: the screen's toggles say who may work.
    expect(d.members.filter((m) => m.hasLicense)).toHaveLength(4);

    const pending = await firm.owner.call('POST', '/api/Subscription/AssignLicense', { body: { userId: invited.id } });
    expect(pending.status).toBe(409);
    expect(codeOf(pending.body)).toBe('CONFLICT');
  });

  it('never expires: a month later every member with a seat still works', async () => {
    clock.advance(45 * DAY);
    expect((await work(firm.employee)).status).toBe(200);
    expect((await work(firm.owner)).status).toBe(200);
    expect((await details(firm.owner)).status).toBe('active');
  });

  it('refuses a license beyond the number with the self-hosted wording', async () => {
    const full = await firm.manager.call('POST', '/api/Subscription/AssignLicense', { body: { userId: extra.userId } });
    expect(full.status).toBe(400);
    expect(codeOf(full.body)).toBe('LICENSE_LIMIT_REACHED');
    expect(messageOf(full.body)).toContain('Erhöhen Sie als Inhaber die Zahl der Lizenzen');
    expect(messageOf(full.body)).not.toContain('Kaufen');
    expect(codeOf((await work(extra)).body)).toBe('NO_LICENSE');
  });

  it('gives an accepted invitation a free seat', async () => {
    expect((await firm.owner.call('POST', '/api/Subscription/CreateCheckout', { body: { licenseCount: 5 } })).status).toBe(200);
    const set = await caller(server.baseUrl)('POST', '/api/Users/SetPassword', {
      deviceId: newDeviceId(),
      body: { ...(await inviteLink(invited.email)), password: 'Werkzeugkoffer-77', confirmPassword: 'Werkzeugkoffer-77' },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const d = await details(firm.owner);
    expect(d.members.find((m) => m.userId === invited.id)).toMatchObject({ hasLicense: true, invitationPending: false });
  });
});
