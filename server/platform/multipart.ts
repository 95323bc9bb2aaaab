/**
 * Multipart forms (uploads). Ajv does not see them (server/app.ts drops their body schema), so the
 * handlers read them here and check the fields with `FormFields`, which reports problems in the
 * same shape as the contract's validation: 400 VALIDATION_ERROR with `{ field: [message] }`.
 *
 * The file is streamed to a temporary file (never held in memory), hashed on the way, up to
 * `maxFileBytes`; one byte more ends the upload with the caller's `tooLarge` error while the rest
 * of the stream is drained. The temporary file (in `os.tmpdir()`, i.e. `TMPDIR`) is removed when
 * the answer has been sent or the connection closed, by @fastify/multipart's own clean-up of
 * `request.tmpUploads` (decision 0052). A second file answers 400
 * BAD_REQUEST, more than `FORM_FIELDS_MAX` fields 413, each with its own message. A form that ends
 * early (a broken connection, a missing closing boundary) answers 400 BAD_REQUEST. Names and file
 * names with characters text may not hold answer 400 VALIDATION_ERROR, as in JSON bodies.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError, type FieldErrors } from './errors';
import { translate, type Lang, type MessageKey } from './i18n';
import { badTextError, isCleanText, isDateTime } from './request-guards';
import { claimUploadKey } from './idempotency';

/** Text fields a form may carry beside its one file. */
export const FORM_FIELDS_MAX = 200;

export interface UploadedFile {
  field: string;
  fileName: string;
  declaredType: string;
  /** The temporary file that holds the upload, removed after the answer. */
  path: string;
  size: number;
  /** SHA-256 of the content (hex), taken while it was written. */
  sha256: string;
  /** The whole content in memory, for the small uploads (logo, signature, dictation). */
  bytes: () => Promise<Buffer>;
}

/**
 * Writes a file part to a new temporary file registered for @fastify/multipart's clean-up, counting
 * and hashing it on the way; a part over the limit is drained (and its file removed with the rest).
 */
async function spool(request: FastifyRequest, stream: Readable, maxBytes: number): Promise<{ path: string; size: number; sha256: string }> {
  const target = path.join(os.tmpdir(), `fieldbook-upload-${crypto.randomUUID()}`);
  const handle = await fs.promises.open(target, 'wx', 0o600);
  (request.tmpUploads ??= []).push(target);
  const hash = crypto.createHash('sha256');
  let size = 0;
  await pipeline(
    stream,
    async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        size += chunk.length;
        if (size > maxBytes) continue;
        hash.update(chunk);
        yield chunk;
      }
    },
    handle.createWriteStream(),
  );
  return { path: target, size, sha256: hash.digest('hex') };
}

export interface MultipartForm {
  fields: Map<string, string[]>;
  file?: UploadedFile;
}

export async function readMultipart(
  request: FastifyRequest,
  options: { fileField: string; maxFileBytes: number; tooLarge: () => AppError },
): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'multipart.expected');
  }
  const fields = new Map<string, string[]>();
  let file: UploadedFile | undefined;
  let tooLarge = false;
  let badText: string | undefined;
  try {
    const limits = { fileSize: options.maxFileBytes + 1, files: 1, fields: FORM_FIELDS_MAX, parts: FORM_FIELDS_MAX + 1 };
    for await (const part of request.parts({ limits })) {
      if (!isCleanText(part.fieldname)) badText ??= 'form';
      if (part.type === 'file') {
        const wanted = part.fieldname === options.fileField && !file && !tooLarge;
        let saved: { path: string; size: number; sha256: string } | undefined;
        let size = 0;
        if (wanted) {
          saved = await spool(request, part.file, options.maxFileBytes);
          size = saved.size;
        } else {
          for await (const chunk of part.file) size += (chunk as Buffer).length;
        }
        if (part.file.truncated || size > options.maxFileBytes) {
          tooLarge = true;
          continue;
        }
        if (!isCleanText(part.filename)) badText ??= part.fieldname;
        if (!saved) {
          (fields.get(part.fieldname) ?? fields.set(part.fieldname, []).get(part.fieldname)!).push('\u0000file');
          continue;
        }
        const stored = saved.path;
        file = {
          field: part.fieldname,
          fileName: part.filename,
          declaredType: part.mimetype,
          ...saved,
          bytes: () => fs.promises.readFile(stored),
        };
      } else {
        const list = fields.get(part.fieldname) ?? [];
        list.push(typeof part.value === 'string' ? part.value : String(part.value));
        fields.set(part.fieldname, list);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const { statusCode: status, code } = error as { statusCode?: number; code?: string };
    if (code === 'FST_FILES_LIMIT') throw new AppError('BAD_REQUEST', 'multipart.tooManyFiles');
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new AppError('PAYLOAD_TOO_LARGE', 'multipart.tooManyFields', { params: { limit: FORM_FIELDS_MAX } });
    }
    if (status === 413 || tooLarge) throw options.tooLarge();
    throw new AppError('BAD_REQUEST', 'multipart.malformed');
  }
  if (tooLarge) throw options.tooLarge();
  if (badText !== undefined) throw badTextError(badText);
  const form = { fields, file };
  // An upload sent with an idempotency key claims it now that its content is known.
  await claimUploadKey(request, form);
  return form;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The fields of one form, checked one by one; `assertValid()` throws all problems at once. */
export class FormFields {
  readonly errors: FieldErrors = {};
  private readonly seen = new Set<string>();

  constructor(
    private readonly form: MultipartForm,
    private readonly lang: Lang,
    private readonly fileField: string,
  ) {}

  private fail(field: string, key: MessageKey, params?: Record<string, string | number>) {
    // The error handler translates keys; a message with a limit in it is translated here (it
    // always has a space, which tells the handler it is text already).
    const message = params ? translate(this.lang, key, params) : key;
    const list = (this.errors[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }

  private single(field: string): string | undefined {
    this.seen.add(field);
    const values = this.form.fields.get(field);
    if (!values || values.length === 0) return undefined;
    if (values.length > 1) {
      this.fail(field, 'validation.repeated');
      return undefined;
    }
    if (values[0] === '\u0000file') {
      this.fail(field, 'validation.type', { type: 'string' });
      return undefined;
    }
    if (!isCleanText(values[0])) {
      this.fail(field, 'validation.characters');
      return undefined;
    }
    return values[0];
  }

  string(field: string, options: { required?: boolean; minLength?: number; maxLength: number; trim?: boolean }): string | undefined {
    const raw = this.single(field);
    const value = options.trim === false ? raw : raw?.trim();
    if (value === undefined || value === '') {
      if (options.required) this.fail(field, 'validation.required');
      return undefined;
    }
    if (value.length > options.maxLength) this.fail(field, 'validation.maxLength', { limit: options.maxLength });
    if (options.minLength && value.length < options.minLength) this.fail(field, 'validation.minLength', { limit: options.minLength });
    return value;
  }

  uuid(field: string, options: { required?: boolean } = {}): string | undefined {
    const value = this.string(field, { required: options.required, maxLength: 36 });
    if (value === undefined) return undefined;
    if (!UUID.test(value)) {
      this.fail(field, 'validation.format', { format: 'uuid' });
      return undefined;
    }
    return value.toLowerCase();
  }

  number(field: string, options: { minimum: number; maximum: number }): number | undefined {
    const value = this.string(field, { maxLength: 40 });
    if (value === undefined) return undefined;
    const number = Number(value);
    if (!/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(value) || !Number.isFinite(number)) {
      this.fail(field, 'validation.number');
      return undefined;
    }
    if (number < options.minimum) this.fail(field, 'validation.minimum', { limit: options.minimum });
    if (number > options.maximum) this.fail(field, 'validation.maximum', { limit: options.maximum });
    return number;
  }

  dateTime(field: string): Date | undefined {
    const value = this.string(field, { maxLength: 40 });
    if (value === undefined) return undefined;
    const date = new Date(value);
    if (!isDateTime(value)) {
      this.fail(field, 'validation.format', { format: 'date-time' });
      return undefined;
    }
    return date;
  }

  oneOf<T extends string>(field: string, values: readonly T[]): T | undefined {
    const value = this.string(field, { maxLength: 100 });
    if (value === undefined) return undefined;
    if (!values.includes(value as T)) {
      this.fail(field, 'validation.enum', { values: values.join(', ') });
      return undefined;
    }
    return value as T;
  }

  /** A repeated field of ids (`confirmedInfoIds=a&confirmedInfoIds=b`); also `[]`-suffixed names. */
  uuidList(field: string, maxItems: number): string[] | undefined {
    this.seen.add(field);
    this.seen.add(`${field}[]`);
    const values = [...(this.form.fields.get(field) ?? []), ...(this.form.fields.get(`${field}[]`) ?? [])]
      .map((v) => (isCleanText(v) ? v : '\u0000'))
      .flatMap((v) => v.split(','))
      .map((v) => v.trim())
      .filter(Boolean);
    if (!this.form.fields.has(field) && !this.form.fields.has(`${field}[]`)) return undefined;
    if (values.length > maxItems) this.fail(field, 'validation.maxItems', { limit: maxItems });
    const out: string[] = [];
    for (const value of values) {
      if (!UUID.test(value)) this.fail(field, 'validation.format', { format: 'uuid' });
      else out.push(value.toLowerCase());
    }
    return [...new Set(out)];
  }

  fieldError(field: string, key: MessageKey, params?: Record<string, string | number>) {
    this.fail(field, key, params);
  }

  /** Unknown fields are refused as the contract's `additionalProperties: false` would. */
  assertValid() {
    for (const name of this.form.fields.keys()) {
      if (!this.seen.has(name) && name !== this.fileField) this.fail(name, 'validation.unknownField');
    }
    if (Object.keys(this.errors).length > 0) {
      throw new AppError('VALIDATION_ERROR', 'VALIDATION_ERROR', { fieldErrors: this.errors });
    }
  }
}
