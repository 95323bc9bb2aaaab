/**
 * Webhooks on the wire (decision 0044): the documented signature recipe and its test vector, and
 * deliveries refused for addresses outside the public internet (unless allowed) and not
 * redirected; against a real local receiver.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, postWebhook, signWebhook, urlProblem } from '../../server/platform/webhooks';
import { startWebhookReceiver, type FakeWebhookReceiver } from '../support/fake-webhook-receiver';

let receiver: FakeWebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver?.close());

describe('webhook signature', () => {
  it('matches the test vector of the contract, computed by the documented recipe', () => {
    const contract = fs.readFileSync('openapi/openapi.yaml', 'utf8');
    const secret = /secret\s+`(whsec_[\w-]+)`/.exec(contract)![1];
    const timestamp = Number(/timestamp `(\d+)`/.exec(contract)![1]);
    const body = /body\s+`(\{.*\})`/.exec(contract)![1];
    const expected = /give `(v1=[0-9a-f]{64})`/.exec(contract)![1];
    // The recipe as an integrator writes it, without our code.
    const recipe = 'v1=' + crypto.createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${timestamp}.${body}`).digest('hex');
    expect(recipe).toBe(expected);
    expect(signWebhook(secret, timestamp, body)).toBe(expected);
    expect(signWebhook(secret, timestamp + 1, body)).not.toBe(expected);
  });
});

describe('webhook addresses', () => {
  it('tells public addresses from loopback, private, link-local and mapped ones', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isPublicAddress(address), address).toBe(true);
  });

  it('refuses to register private, loopback (also after resolving the name) and non-https addresses', async () => {
    expect(await urlProblem('https://127.0.0.1/hook', false)).toBe('webhooks.urlPrivate');
    expect(await urlProblem('https://[::1]/hook', false)).toBe('webhooks.urlPrivate');
    expect(await urlProblem('https://localhost/hook', false)).toBe('webhooks.urlPrivate');
    expect(await urlProblem('http://8.8.8.8/hook', false)).toBe('webhooks.urlNotHttps');
    expect(await urlProblem('https://user:pw@8.8.8.8/hook', false)).toBe('webhooks.urlInvalid');
    expect(await urlProblem('not a url', false)).toBe('webhooks.urlInvalid');
    expect(await urlProblem('https://8.8.8.8/hook', false)).toBeUndefined();
    expect(await urlProblem('http://localhost/hook', true)).toBeUndefined();
  });

  it('does not deliver to a loopback address unless allowed, checked after resolving the name', async () => {
    const port = new URL(receiver.url).port;
    const before = receiver.received.length;
    for (const host of ['127.0.0.1', 'localhost']) {
      const outcome = await postWebhook(`http://${host}:${port}/refused`, {}, '{}', { allowPrivate: false, timeoutMs: 2000 });
      expect(outcome.status).toBeUndefined();
    }
    const https = await postWebhook(`https://localhost:${port}/refused`, {}, '{}', { allowPrivate: false, timeoutMs: 2000 });
    expect(https).toEqual({ error: 'address is not public' });
    expect(receiver.received.length).toBe(before);

    const allowed = await postWebhook(`http://localhost:${port}/allowed`, { 'X-Test': '1' }, '{"a":1}', { allowPrivate: true, timeoutMs: 2000 });
    expect(allowed).toEqual({ status: 200 });
    expect(receiver.received.at(-1)).toMatchObject({ path: '/allowed', body: '{"a":1}' });
  });

  it('does not follow a redirect: the 3xx is the answer', async () => {
    receiver.answers.set('/moved', [302]);
    const outcome = await postWebhook(`${receiver.url}/moved`, {}, '{}', { allowPrivate: true, timeoutMs: 2000 });
    expect(outcome.status).toBe(302);
    expect(receiver.received.some((r) => r.path === '/elsewhere')).toBe(false);
  });
});
