/**
 * Mail over SMTP (SMTP_URL, MAIL_FROM). Without SMTP_URL every mail goes to the development
 * outbox in DATA_DIR/outbox, which `/development` shows outside production.
 */
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from './config';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A hidden copy, e.g. to the firm that sends an invoice. */
  bcc?: string;
  /** Sent byte for byte; the development outbox keeps only the mail's text. */
  attachments?: MailAttachment[];
}

export interface StoredMail extends Omit<Mail, 'attachments'> {
  id: string;
  from: string;
  sentAtUtc: string;
}

export class Mailer {
  private readonly transport?: Transporter;
  private readonly outboxDir: string;

  constructor(private readonly config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>) {
    this.outboxDir = path.join(config.dataDir, 'outbox');
    if (config.smtpUrl) this.transport = nodemailer.createTransport(config.smtpUrl);
  }

  get usesOutbox() {
    return !this.transport;
  }

  async send(mail: Mail): Promise<void> {
    if (this.transport) {
      await this.transport.sendMail({ from: this.config.mailFrom, ...mail });
      return;
    }
    fs.mkdirSync(this.outboxDir, { recursive: true });
    const { attachments: _attachments, ...text } = mail;
    const stored: StoredMail = { id: crypto.randomUUID(), from: this.config.mailFrom, sentAtUtc: new Date().toISOString(), ...text };
    fs.writeFileSync(path.join(this.outboxDir, `${Date.now()}-${stored.id}.json`), JSON.stringify(stored), { mode: 0o600 });
  }

  /** The newest mails of the development outbox. */
  outbox(limit = 50): StoredMail[] {
    if (!fs.existsSync(this.outboxDir)) return [];
    return fs
      .readdirSync(this.outboxDir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .reverse()
      .slice(0, limit)
      .map((f) => JSON.parse(fs.readFileSync(path.join(this.outboxDir, f), 'utf8')) as StoredMail);
  }
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A plain mail of paragraphs (line breaks kept), as text and as simple HTML. */
export function textMail(options: { to: string; subject: string; body: string; bcc?: string; attachments?: MailAttachment[] }): Mail {
  const paragraphs = options.body.split(/\n{2,}/);
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">
${paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n')}
</body></html>`;
  return { to: options.to, subject: options.subject, text: options.body, html, bcc: options.bcc, attachments: options.attachments };
}

/** A plain mail with one call to action, as text and as simple HTML. */
export function actionMail(options: {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action: { label: string; url: string };
  footer: string;
}): Mail {
  const { to, subject, greeting, paragraphs, action, footer } = options;
  const text = [greeting, '', ...paragraphs.flatMap((p) => [p, '']), `${action.label}: ${action.url}`, '', footer].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#059669;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:12px;color:#6b7280">${escapeHtml(action.url)}</p>
<p style="font-size:12px;color:#6b7280">${escapeHtml(footer)}</p>
</body></html>`;
  return { to, subject, text, html };
}
