/**
 * Seeded random data for the money-rule tests: the same seed gives the same customers, products,
 * time tracks, time entries and materials, written straight into the database (fast, and the
 * entries' fields are exactly what the rule must handle).
 */
import crypto from 'node:crypto';
import { customers, informationEntries, products, timeTracks } from '../../server/db/schema';
import type { TestServer } from '../support/test-server';
import type { Member } from './factories';
import { randomSource } from './fuzz-support';

/** The fuzz tests' seeded PRNG (mulberry32), so a failure can be reproduced; `int` here is from `min` to `max`. */
export function seededRandom(seed: number) {
  const { next, pick, chance } = randomSource(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { next, int, pick, chance };
}
export type Random = ReturnType<typeof seededRandom>;

export interface SeededFirm {
  customerIds: string[];
}

const FREE_TEXTS = ['Dübel 6 mm', 'dübel 6 mm', 'DÜBEL 6 MM ', 'Schellen groß', 'SCHELLEN GROSS', 'Kleinteile', 'Straßenkappe'];
const UNITS = ['m', 'Stk', 'Pck', null];

/** A quantity as entered: thirds of a metre, tiny amounts, ordinary ones (three decimals at most). */
const quantityOf = (r: Random) => r.pick([0.333, 0.333, 0.001, 0.5, 1, 2.25, r.int(1, 99_999) / 1000, r.int(1, 400)]);
/** A price: a cent, round ones, odd ones; free text may have none. */
const priceOf = (r: Random) => r.pick([0.01, 0.05, 1, 0.89, 12.34, r.int(1, 30_000) / 100]);

export async function seedMoneyData(
  server: TestServer,
  owner: Member,
  r: Random,
  options: { customers: number; from: Date; to: Date; entriesPerCustomer?: number },
): Promise<SeededFirm> {
  const tenantId = owner.tenantId;
  const span = options.to.getTime() - options.from.getTime();
  const inPeriod = () => new Date(options.from.getTime() + r.int(0, Math.floor(span / 1000) - 1) * 1000);
  const outside = () => new Date(options.to.getTime() + r.int(0, 5 * 86_400) * 1000);
  const when = () => (r.chance(0.9) ? inPeriod() : outside());
  const perCustomer = options.entriesPerCustomer ?? 40;
  const customerIds: string[] = [];
  await server.database.withTenant(tenantId, async (tx) => {
    const productRows = await tx
      .insert(products)
      .values(
        ['Kabel NYM-J 3x1,5', 'Abzweigdose', 'Fachbuch', 'Sicherung B16', 'Gutschein'].map((name, i) => ({
          tenantId,
          name,
          unit: i === 0 ? 'm' : 'Stk',
          netPrice: priceOf(r),
          vatRate: [19, 19, 7, 19, 0][i],
        })),
      )
      .returning();
    const tracks: (typeof timeTracks.$inferInsert)[] = [];
    const entries: (typeof informationEntries.$inferInsert)[] = [];
    for (let c = 0; c < options.customers; c++) {
      const id = crypto.randomUUID();
      customerIds.push(id);
      await tx.insert(customers).values({ tenantId, id, companyName: `Kunde ${c}`, hourlyRate: r.chance(0.5) ? r.int(3000, 9999) / 100 : null });
      const closed = () => (r.chance(0.08) ? { processedAt: options.to } : r.chance(0.04) ? { processedAt: options.to, archivedAt: options.to } : {});
      const count = r.int(0, perCustomer);
      let runningLeft = r.chance(0.3) ? 1 : 0; // at most one running timer per member and customer
      for (let i = 0; i < count; i++) {
        const kind = r.pick(['track', 'track', 'time', 'material', 'material', 'material'] as const);
        if (kind === 'track') {
          const startedAt = when();
          const seconds = r.pick([1, 60, 899, 900, 901, r.int(1, 36_000)]);
          const running = runningLeft > 0 && r.chance(0.2);
          if (running) runningLeft--;
          tracks.push({
            tenantId,
            customerId: id,
            ownerId: owner.userId,
            description: `Arbeit ${i}`,
            startedAt,
            endedAt: running ? null : new Date(startedAt.getTime() + seconds * 1000),
            durationSeconds: running ? null : seconds,
            ...closed(),
          });
        } else if (kind === 'time') {
          entries.push({ tenantId, customerId: id, ownerId: owner.userId, subType: 'time', text: `Zeit ${i}`, durationSeconds: r.int(60, 20_000), occurredAt: when(), ...closed() });
        } else if (r.chance(0.6)) {
          const product = r.pick(productRows);
          // Several prices of one product: the catalogue price, or one changed since.
          const unitPrice = r.chance(0.6) ? product.netPrice : priceOf(r);
          entries.push({
            tenantId,
            customerId: id,
            ownerId: owner.userId,
            subType: 'material',
            productId: product.id,
            productName: product.name,
            quantity: quantityOf(r),
            unit: product.unit,
            unitPrice,
            vatRate: product.vatRate,
            occurredAt: when(),
            ...closed(),
          });
        } else {
          entries.push({
            tenantId,
            customerId: id,
            ownerId: owner.userId,
            subType: 'material',
            text: r.pick(FREE_TEXTS),
            quantity: quantityOf(r),
            unit: r.pick(UNITS),
            unitPrice: r.chance(0.15) ? null : priceOf(r),
            vatRate: r.pick([0, 7, 19, 19, null]),
            occurredAt: when(),
            ...closed(),
          });
        }
      }
    }
    for (let i = 0; i < tracks.length; i += 500) await tx.insert(timeTracks).values(tracks.slice(i, i + 500));
    for (let i = 0; i < entries.length; i += 500) await tx.insert(informationEntries).values(entries.slice(i, i + 500));
  });
  return { customerIds };
}
