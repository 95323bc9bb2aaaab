/**
 * The browser's table exports at 10,000 rows, in Node with the app's own code: the cells of a
 * report row formatted (date, date and time, money, number) and the table written as CSV and as
 * XLSX (exceljs). Compared with formatting through a fresh `Intl` object per cell, as the app did
 * before `lib/format` kept one per locale and options. Prints a Markdown table for
 * docs/benchmarks.md.
 *
 * Environment: BENCH_RUNS (measurements, default 7), BENCH_ROWS (default 10,000).
 */
import { i18n } from '@lingui/core';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../src/lib/format';
import { toCsv, toXlsx, type ExportTable } from '../../src/lib/table-export';
import { markdownTable, stats, type BenchResult } from './harness';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);

i18n.load('de', {});
i18n.activate('de');

const start = Date.UTC(2026, 0, 1);
const rows = Array.from({ length: ROWS }, (_, i) => ({
  at: new Date(start + i * 3_600_000).toISOString(),
  customer: `Kunde ${i % 500}`,
  text: i % 7 === 0 ? '=HYPERLINK("x")' : `Kabel NYM-J 3x1,5 mm² Lieferung ${i}`,
  quantity: (i % 40) + 0.5,
  price: 0.89 + (i % 13),
}));

/** The cells as the app formats them now (one Intl object per locale and options). */
const cached = () =>
  rows.map((r) => [formatDate(r.at), formatDateTime(r.at), r.customer, r.text, formatNumber(r.quantity), formatMoney(r.price), formatMoney(r.price * r.quantity)]);

/** The same cells through a fresh Intl object per cell (before). */
const fresh = () =>
  rows.map((r) => [
    new Intl.DateTimeFormat('de', { dateStyle: 'medium' }).format(new Date(r.at)),
    new Intl.DateTimeFormat('de', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(r.at)),
    r.customer,
    r.text,
    new Intl.NumberFormat('de', { maximumFractionDigits: 3 }).format(r.quantity),
    new Intl.NumberFormat('de', { style: 'currency', currency: 'EUR' }).format(r.price),
    new Intl.NumberFormat('de', { style: 'currency', currency: 'EUR' }).format(r.price * r.quantity),
  ]);

const table = (cells: string[][]): ExportTable => ({
  columns: ['Datum', 'Zeit', 'Kunde', 'Material', 'Menge', 'Preis', 'Betrag'].map((header) => ({ header })),
  rows: cells,
});

async function measure(call: string, work: () => unknown | Promise<unknown>, note?: string): Promise<BenchResult> {
  await work();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const began = performance.now();
    await work();
    samples.push(performance.now() - began);
  }
  return { call, ...stats(samples), note };
}

async function main() {
  if (JSON.stringify(cached()) !== JSON.stringify(fresh())) throw new Error('the cached formatters answer differently');
  const results = [
    await measure(`format the cells of ${ROWS.toLocaleString('en')} rows, one Intl object per cell (before)`, fresh),
    await measure(`format the cells of ${ROWS.toLocaleString('en')} rows, cached Intl objects (now)`, cached),
    await measure(`CSV of ${ROWS.toLocaleString('en')} rows: cells and file`, () => toCsv(table(cached()), 'de')),
    await measure(`XLSX of ${ROWS.toLocaleString('en')} rows: cells and file`, () => toXlsx(table(cached()), 'Bericht')),
  ];
  console.log(markdownTable(results));
}

void main();
