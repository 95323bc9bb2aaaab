/**
 * A local SMTP server for the end-to-end tests: it accepts every mail (no TLS, no auth) and keeps
 * it, decoded, in memory. The server sends to it through its real nodemailer transport
 * (`SMTP_URL=smtp://127.0.0.1:<port>?ignoreTLS=true`), so the tests read what a user's mailbox
 * would receive: the subject, the plain text and the HTML, with quoted-printable, base64 and
 * RFC 2047 encoded words undone.
 */
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  id: number;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Attached files, decoded to their bytes. */
  attachments: ReceivedAttachment[];
  receivedAtUtc: string;
}

export interface ReceivedAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface SmtpSink {
  port: number;
  url: string;
  mails: ReceivedMail[];
  /** Refuses the next `count` mails with a temporary failure (451), as a mail server that is down would. */
  refuseNext(count: number): void;
  /** Mails refused so far. */
  refused(): number;
  close(): Promise<void>;
}

// ---- a small MIME reader: enough for nodemailer's output ----

interface Part {
  headers: Map<string, string>;
  body: string;
}

/** Splits a message (or part) into unfolded headers and the body. */
export function splitPart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function parameter(header: string | undefined, name: string): string | undefined {
  const match = header?.match(new RegExp(`${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i'));
  return match ? (match[1] ?? match[2]) : undefined;
}

/** Quoted-printable (RFC 2045): soft line breaks and =XX bytes, decoded as UTF-8 (or the charset). */
export function decodeQuotedPrintable(input: string, charset = 'utf-8'): string {
  const withoutSoftBreaks = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < withoutSoftBreaks.length; i++) {
    const c = withoutSoftBreaks[i];
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(withoutSoftBreaks.slice(i + 1, i + 3))) {
      bytes.push(parseInt(withoutSoftBreaks.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return new TextDecoder(charset).decode(Uint8Array.from(bytes));
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const charset = parameter(part.headers.get('content-type'), 'charset') ?? 'utf-8';
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body, charset);
  if (encoding === 'base64') return new TextDecoder(charset).decode(Buffer.from(part.body.replace(/\s+/g, ''), 'base64'));
  return part.body;
}

/** Encoded words in headers (RFC 2047), e.g. `=?UTF-8?Q?Passwort_zur=C3=BCcksetzen?=`. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? new TextDecoder(charset).decode(Buffer.from(text, 'base64'))
        : decodeQuotedPrintable(text.replace(/_/g, ' '), charset),
    );
}

/** The leaf parts of a message, depth first. */
function leaves(part: Part): Part[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  if (!/^multipart\//i.test(type)) return [part];
  const boundary = parameter(type, 'boundary');
  if (!boundary) return [];
  const sections = part.body.split(`--${boundary}`).slice(1);
  return sections
    .filter((section) => !section.startsWith('--'))
    .flatMap((section) => leaves(splitPart(section.replace(/^\n/, ''))));
}

/** Reads a raw RFC 5322 message into subject, text and HTML. */
export function parseMessage(raw: string): Pick<ReceivedMail, 'subject' | 'text' | 'html' | 'attachments'> & { from: string; to: string } {
  const message = splitPart(raw);
  let text = '';
  let html = '';
  const attachments: ReceivedAttachment[] = [];
  for (const leaf of leaves(message)) {
    const type = (leaf.headers.get('content-type') ?? 'text/plain').toLowerCase();
    const disposition = leaf.headers.get('content-disposition') ?? '';
    if (/^attachment/i.test(disposition)) {
      const encoding = (leaf.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
      attachments.push({
        filename: decodeHeader(parameter(disposition, 'filename') ?? ''),
        contentType: type.split(';')[0]!.trim(),
        content: encoding === 'base64' ? Buffer.from(leaf.body.replace(/\s+/g, ''), 'base64') : Buffer.from(leaf.body, 'utf8'),
      });
    } else if (type.startsWith('text/html')) html ||= decodeBody(leaf);
    else if (type.startsWith('text/plain')) text ||= decodeBody(leaf);
  }
  return {
    subject: decodeHeader(message.headers.get('subject') ?? ''),
    from: decodeHeader(message.headers.get('from') ?? ''),
    to: decodeHeader(message.headers.get('to') ?? ''),
    text: text.replace(/\n$/, ''),
    html,
    attachments,
  };
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  let counter = 0;
  let toRefuse = 0;
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (toRefuse > 0) {
          toRefuse--;
          refused++;
          return callback(Object.assign(new Error('Service not available, try again later'), { responseCode: 451 }));
        }
        const parsed = parseMessage(Buffer.concat(chunks).toString('utf8'));
        mails.push({
          id: ++counter,
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : parsed.from,
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: parsed.subject,
          text: parsed.text,
          html: parsed.html,
          attachments: parsed.attachments,
          receivedAtUtc: new Date().toISOString(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as { port: number };
  return {
    port,
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    mails,
    refuseNext: (count) => (toRefuse = count),
    refused: () => refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
