/**
 * AI and voice: speech to text, a dictation sorted into proposed entries, summaries and invoice
 * texts. Each call is admitted only with the firm's `ai` consent (checked on every call, so a
 * revocation stops the next one), a configured provider and room in the firm's daily limit; what
 * goes to the provider is the minimum (the dictation; the entries' texts without e-mail addresses;
 * never the product list or another customer's entries). Audio is held in memory only.
 */
import type { components } from '../../../generated/server/openapi';
import { consentGranted } from '../../db/consents';
import type { Tx } from '../../db/database';
import { tenantTimeZone } from '../../db/tenant-settings';
import type { AiServiceConfig } from '../../platform/config';
import type { RequestContext } from '../../platform/context';
import type { BodyOf } from '../../platform/contract';
import { hoursAndMinutes } from '../../platform/durations';
import { AppError, notFound } from '../../platform/errors';
import type { Deps } from '../../platform/handler';
import { isoDateOfEpochDay, localEpochDay } from '../../platform/time-zone';
import { inTenant } from '../../platform/tenant-transaction';
import { findCustomer } from '../customers';
import * as repo from './ai.repository';
import {
  bestMatch,
  clean,
  eanIn,
  invoiceTextPrompt,
  sniffAudio,
  sortPrompt,
  sortSchema,
  summaryPrompt,
  textSchema,
  wavSeconds,
  withoutEmails,
  wordsOf,
  type SortAnswer,
} from './ai.rules';
import { AiProviderError, OpenAiClient } from './openai-client';

type AiStatus = components['schemas']['AiStatus'];
type AiDictationProposal = components['schemas']['AiDictationProposal'];
type AiText = components['schemas']['AiText'];

/** At most this many entries go into one summary (the newest of the period). */
const SUMMARY_ENTRIES = 300;

export interface TranscribeInput {
  file: Buffer;
  language: 'de' | 'en';
}

export class AiService {
  constructor(private readonly deps: Deps) {}

  private get ai() {
    return this.deps.config.ai;
  }

  /** The firm's day for the daily limit (its own time zone). */
  private async today(tx: Tx, ctx: RequestContext) {
    return isoDateOfEpochDay(localEpochDay(ctx.now.getTime(), await tenantTimeZone(tx, ctx.tenantId)));
  }

  async status(ctx: RequestContext): Promise<AiStatus> {
    return inTenant(this.deps.database, ctx, async (tx) => ({
      consent: await consentGranted(tx, 'ai'),
      transcription: !!this.ai.speech,
      generation: !!this.ai.text,
      dailyLimit: this.ai.dailyLimit,
      usedToday: await repo.callsOn(tx, await this.today(tx, ctx)),
      maxAudioSeconds: this.ai.maxAudioSeconds,
      maxAudioBytes: this.ai.maxAudioBytes,
    }));
  }

  /**
   * Admits a call: the records it names are looked up first (`find`: another firm's ids answer 404
   * as if they did not exist), then the consent, the configuration, what the call needs of the
   * firm (`prepare`) and the daily limit, which counts the call. A refused call costs nothing of it.
   */
  private async admit(ctx: RequestContext, service: AiServiceConfig | undefined, hooks: { find?: (tx: Tx) => Promise<void>; prepare?: (tx: Tx) => Promise<void> } = {}): Promise<OpenAiClient> {
    await inTenant(this.deps.database, ctx, async (tx) => {
      if (hooks.find) await hooks.find(tx);
      if (!(await consentGranted(tx, 'ai'))) throw new AppError('AI_CONSENT_REQUIRED', 'AI_CONSENT_REQUIRED', { status: 403 });
      if (!service) throw new AppError('SERVICE_UNAVAILABLE', 'ai.notConfigured', { status: 503 });
      if (hooks.prepare) await hooks.prepare(tx);
      if (!(await repo.countCall(tx, ctx.tenantId, await this.today(tx, ctx), this.ai.dailyLimit))) {
        throw new AppError('RATE_LIMITED', 'ai.dailyLimit', { params: { limit: this.ai.dailyLimit } });
      }
    });
    return new OpenAiClient(service!, { timeoutMs: this.ai.timeoutMs });
  }

  /** A provider's failure as the caller sees it: unavailable, never its details. */
  private async call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AiProviderError) throw new AppError('SERVICE_UNAVAILABLE', 'ai.unavailable', { status: 503 });
      throw error;
    }
  }

  async transcribe(ctx: RequestContext, input: TranscribeInput): Promise<{ text: string }> {
    const format = input.file.length === 0 ? null : sniffAudio(input.file);
    if (input.file.length === 0) throw new AppError('AUDIO_RECORDING_ERROR', 'ai.audioEmpty');
    if (!format) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'ai.audioFormat');
    const seconds = format.extension === 'wav' ? wavSeconds(input.file) : null;
    if (seconds !== null && seconds > this.ai.maxAudioSeconds) {
      throw new AppError('AUDIO_RECORDING_ERROR', 'ai.audioTooLong', { params: { limit: this.ai.maxAudioSeconds } });
    }
    if (seconds !== null && seconds < 0.3) throw new AppError('AUDIO_RECORDING_ERROR', 'ai.audioEmpty');
    const client = await this.admit(ctx, this.ai.speech);
    const text = await this.call(() => client.transcribe(input.file, `dictation.${format.extension}`, format.mimeType, input.language));
    return { text: clean(text, 20000) };
  }

  async sortDictation(ctx: RequestContext, body: BodyOf<'aiSortDictation'>): Promise<AiDictationProposal> {
    const client = await this.admit(ctx, this.ai.text);
    const answer = await this.call(() =>
      client.structured<SortAnswer>('dictation', sortSchema, [
        { role: 'system', content: sortPrompt(body.language) },
        { role: 'user', content: withoutEmails(body.text) },
      ]),
    );
    const minutes = Number.isFinite(answer?.durationMinutes) ? Math.round(answer.durationMinutes) : 0;
    const materials = Array.isArray(answer?.materials) ? answer.materials.slice(0, 50) : [];
    const dictated = materials
      .map((m) => ({ text: clean(m?.name, 200), quantity: Number(m?.quantity), unit: clean(m?.unit, 20) || 'Stk' }))
      .filter((m) => m.text && Number.isFinite(m.quantity) && m.quantity > 0)
      .map((m) => ({ ...m, ean: eanIn(m.text), words: wordsOf(m.text).slice(0, 8) }));
    return inTenant(this.deps.database, ctx, async (tx) => {
      // Two round trips for all the materials: the EANs, then the candidates by name.
      const byEan = await repo.productsByEan(tx, dictated.flatMap((m) => (m.ean ? [m.ean] : [])));
      const candidates = await repo.productsWithWords(tx, dictated.map((m) => (m.ean && byEan.has(m.ean) ? [] : m.words)));
      return {
        time: minutes >= 1 ? { durationSeconds: Math.min(minutes, 24 * 60) * 60, description: clean(answer.timeDescription, 1000) } : null,
        materials: dictated.map((m, index) => {
          const ean = m.ean ? byEan.get(m.ean) : undefined;
          const found = ean ? { product: ean, match: 'ean' as const } : bestMatch(m.text, candidates[index]);
          return {
            text: m.text,
            quantity: Math.min(m.quantity, 1_000_000),
            unit: found ? found.product.unit : m.unit,
            match: found ? found.match : ('none' as const),
            productId: found?.product.id ?? null,
            productName: found?.product.name ?? null,
            unitPrice: found?.product.netPrice ?? null,
            vatRate: found?.product.vatRate ?? null,
          };
        }),
        note: clean(answer?.note, 4000) || null,
      };
    });
  }

  async summarize(ctx: RequestContext, body: BodyOf<'aiSummarize'>): Promise<AiText> {
    const from = new Date(body.from);
    const to = new Date(body.to);
    if (!(from < to)) throw new AppError('VALIDATION_ERROR', 'VALIDATION_ERROR', { fieldErrors: { to: ['timeTracks.endBeforeStart'] } });
    // Chosen entries (the invoice's open ones) belong to one customer and are summarised exactly.
    const byIds = body.informationIds !== undefined || body.timeTrackIds !== undefined;
    const ids = byIds ? { informationIds: [...new Set(body.informationIds ?? [])], timeTrackIds: [...new Set(body.timeTrackIds ?? [])] } : undefined;
    if (ids && !body.customerId) throw new AppError('VALIDATION_ERROR', 'VALIDATION_ERROR', { fieldErrors: { customerId: ['validation.required'] } });
    let entries: repo.EntryForText[] = [];
    const client = await this.admit(ctx, this.ai.text, {
      find: async (tx) => {
        if (body.customerId && !(await findCustomer(tx, ctx.tenantId, body.customerId))) throw notFound();
        if (!ids) return;
        entries = await repo.entriesOfPeriod(tx, { customerId: body.customerId!, from, to, ids }, SUMMARY_ENTRIES);
        // Another customer's or firm's id, or a running timer, is not one of the customer's entries.
        if (entries.length !== ids.informationIds.length + ids.timeTrackIds.length) throw notFound();
        entries = entries.slice(-SUMMARY_ENTRIES);
      },
      prepare: async (tx) => {
        if (!ids) entries = await repo.entriesOfPeriod(tx, { customerId: body.customerId ?? undefined, from, to }, SUMMARY_ENTRIES);
        // Nothing to summarise: no call to the provider, nothing counted.
        if (entries.length === 0) throw new AppError('NO_ACTIVITIES_SELECTED', 'ai.nothingInPeriod');
      },
    });
    const lines = entries.map((e) => {
      const what = withoutEmails(e.text ?? '').replace(/\s+/g, ' ').slice(0, 500);
      const amount = e.kind === 'material' ? `${e.quantity ?? ''} ${e.unit ?? ''}`.trim() : e.kind === 'time' ? (e.durationSeconds ? hoursAndMinutes(e.durationSeconds) : '') : '';
      return `- ${e.at.toISOString().slice(0, 10)} ${body.customerId ? '' : `[${withoutEmails(e.customer)}] `}${e.kind}: ${what}${amount ? ` (${amount})` : ''}`;
    });
    const answer = await this.call(() =>
      client.structured<{ title: string; text: string }>('summary', textSchema, [
        { role: 'system', content: summaryPrompt(body.language, !!body.customerId) },
        { role: 'user', content: lines.join('\n') },
      ]),
    );
    return { title: clean(answer?.title, 200), text: clean(answer?.text, 8000), entryCount: entries.length };
  }

  async invoiceText(ctx: RequestContext, body: BodyOf<'aiInvoiceText'>): Promise<AiText> {
    const informationIds = [...new Set(body.informationIds)];
    const timeTrackIds = [...new Set(body.timeTrackIds)];
    if (informationIds.length + timeTrackIds.length === 0) throw new AppError('NO_ACTIVITIES_SELECTED');
    let items: { text: string | null; durationSeconds: number | null }[] = [];
    const client = await this.admit(ctx, this.ai.text, {
      find: async (tx) => {
        const found = await repo.timesByIds(tx, informationIds, timeTrackIds);
        if (found.found !== informationIds.length + timeTrackIds.length) throw notFound();
        items = found.items;
      },
      prepare: async () => {
        if (!items.some((i) => i.text?.trim())) throw new AppError('NO_ACTIVITIES_SELECTED', 'ai.nothingToDescribe');
      },
    });
    const described = items.filter((i) => i.text?.trim());
    const answer = await this.call(() =>
      client.structured<{ title: string; text: string }>('invoice_text', textSchema, [
        { role: 'system', content: invoiceTextPrompt(body.language) },
        { role: 'user', content: described.map((i) => `- ${withoutEmails(i.text!).replace(/\s+/g, ' ').slice(0, 500)}`).join('\n') },
      ]),
    );
    return { title: clean(answer?.title, 200), text: clean(answer?.text, 8000), entryCount: items.length };
  }
}
