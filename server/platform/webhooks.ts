/**
 * Webhooks on the wire (decision 0044): the signature, the check that an address is public, and
 * one attempt to post to it. The recipe is in the contract's description ("Webhooks") with a test
 * vector (`tests/unit/webhook-signature.test.ts`).
 *
 * Deliveries never reach loopback, private, link-local or other non-public networks unless the
 * installation allows it (`WEBHOOK_ALLOW_PRIVATE=true`): the name is resolved and every address
 * checked when the request connects (the socket connects to the checked address, so a name that
 * resolves differently a second time gains nothing), and redirects are not followed.
 */
import crypto from 'node:crypto';
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const WEBHOOK_HEADERS = {
  id: 'Fieldbook-Webhook-Id',
  event: 'Fieldbook-Webhook-Event',
  timestamp: 'Fieldbook-Webhook-Timestamp',
  signature: 'Fieldbook-Webhook-Signature',
} as const;

export const makeWebhookSecret = () => WEBHOOK_SECRET_PREFIX + crypto.randomBytes(32).toString('base64url');

/** `v1=` and the hex HMAC-SHA256, keyed with the whole secret, of `timestamp.body`. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return 'v1=' + crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** Networks no delivery goes to: everything that is not the public internet. (IPv4 mapped into IPv6 is checked as IPv4: a mapped range in the list would also match every IPv4 address.) */
const blocked = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is on the public internet. IPv4 mapped into IPv6 counts as its IPv4. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return isPublicAddress(mapped[1]);
    return !blocked.check(address, 'ipv6');
  }
  return !blocked.check(address, 'ipv4');
}

type AddressProblem = 'webhooks.urlInvalid' | 'webhooks.urlNotHttps' | 'webhooks.urlPrivate' | 'webhooks.urlUnresolved';

/** What is wrong with a URL's form (scheme, credentials, host), before any name is resolved. */
function urlFormProblem(raw: string, allowPrivate: boolean): AddressProblem | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'webhooks.urlInvalid';
  }
  if (url.username || url.password || !url.hostname) return 'webhooks.urlInvalid';
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) return 'webhooks.urlNotHttps';
  return undefined;
}

/** The addresses a host name resolves to (an IP literal as itself). */
async function resolve(hostname: string): Promise<string[]> {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) return [host];
  const found = await dns.promises.lookup(host, { all: true, verbatim: true });
  return found.map((a) => a.address);
}

/**
 * Whether a webhook may be registered at this URL: its form, and (unless private addresses are
 * allowed) that its name resolves, and only to public addresses. Deliveries check again.
 */
export async function urlProblem(raw: string, allowPrivate: boolean): Promise<AddressProblem | undefined> {
  const form = urlFormProblem(raw, allowPrivate);
  if (form || allowPrivate) return form;
  let addresses: string[];
  try {
    addresses = await resolve(new URL(raw).hostname);
  } catch {
    return 'webhooks.urlUnresolved';
  }
  if (addresses.length === 0) return 'webhooks.urlUnresolved';
  return addresses.every(isPublicAddress) ? undefined : 'webhooks.urlPrivate';
}

interface AttemptOutcome {
  /** The receiver's HTTP status, when it answered. */
  status?: number;
  /** Why there was no 2xx: refused address, timeout, connection error, or the start of the answer. */
  error?: string;
}

const ANSWER_KEPT = 500;

/**
 * One POST of a delivery. Resolves the name itself and connects only to an allowed address; does
 * not follow redirects (a 3xx is a failed attempt); reads at most a little of the answer.
 */
export function postWebhook(raw: string, headers: Record<string, string>, body: string, options: { allowPrivate: boolean; timeoutMs: number }): Promise<AttemptOutcome> {
  const form = urlFormProblem(raw, options.allowPrivate);
  if (form) return Promise.resolve({ error: form === 'webhooks.urlNotHttps' ? 'address is not https' : 'address is not valid' });
  const url = new URL(raw);
  // An IP literal is connected to without a lookup: checked here instead.
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(literal) && !options.allowPrivate && !isPublicAddress(literal)) return Promise.resolve({ error: 'address is not public' });
  const lookup: net.LookupFunction = (hostname, lookupOptions, callback) => {
    resolve(hostname)
      .then((addresses) => {
        const allowed = options.allowPrivate ? addresses : addresses.filter(isPublicAddress);
        if (allowed.length === 0) {
          const error = Object.assign(new Error('address is not public'), { code: 'WEBHOOK_ADDRESS_REFUSED' });
          return callback(error, '', 4);
        }
        const address = allowed[0];
        if (lookupOptions.all) return (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family: net.isIP(address) }]);
        callback(null, address, net.isIP(address));
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, '', 4));
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((done) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'User-Agent': 'Fieldbook-Webhooks/1', 'Content-Length': Buffer.byteLength(body), ...headers },
        lookup,
        timeout: options.timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on('data', (chunk: Buffer) => {
          if (kept < ANSWER_KEPT) chunks.push(chunk);
          kept += chunk.length;
          if (kept > 64 * 1024) response.destroy();
        });
        const finish = () => {
          const status = response.statusCode ?? 0;
          const text = Buffer.concat(chunks).toString('utf8').slice(0, ANSWER_KEPT);
          done(status >= 200 && status < 300 ? { status } : { status, error: text || undefined });
        };
        response.on('end', finish);
        response.on('close', finish);
        response.on('error', finish);
      },
    );
    request.on('timeout', () => request.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })));
    request.on('error', (error: NodeJS.ErrnoException) => {
      const message =
        error.code === 'WEBHOOK_ADDRESS_REFUSED'
          ? 'address is not public'
          : error.code === 'ETIMEDOUT'
            ? 'timed out'
            : error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN'
              ? 'host not found'
              : `connection failed${error.code ? ` (${error.code})` : ''}`;
      done({ error: message });
    });
    request.end(body);
  });
}
