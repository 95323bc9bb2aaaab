/**
 * The harness of the official e-invoice rules bites: a small valid XRechnung passes every rule set,
 * and copies of it broken by hand fail with the rule the standard names for the defect.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { facturxSchemaErrors } from '../support/cii-schema';
import { describeFindings, runEinvoiceRules, XRECHNUNG_RULES, ZUGFERD_RULES, type RulesResult } from '../support/einvoice-rules';

const valid = fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/einvoice-rules/samples/xrechnung-valid.xml'), 'utf8');
const asZugferd = (xml: string) =>
  xml.replace('urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0', 'urn:cen.eu:en16931:2017');
const replace = (xml: string, from: string | RegExp, to: string) => {
  const next = xml.replace(from, to);
  if (next === xml) throw new Error(`The sample has no ${String(from)}`);
  return next;
};

const cases = {
  valid: { xml: valid, ruleSets: XRECHNUNG_RULES },
  validZugferd: { xml: asZugferd(valid), ruleSets: ZUGFERD_RULES },
  // BT-10 missing: XRechnung's BR-DE-15.
  noBuyerReference: { xml: replace(valid, /<ram:BuyerReference>[^<]*<\/ram:BuyerReference>/, ''), ruleSets: XRECHNUNG_RULES },
  // The grand total is not net + VAT: EN 16931's BR-CO-15.
  wrongTotal: { xml: replace(valid, '<ram:GrandTotalAmount>139.23<', '<ram:GrandTotalAmount>139.24<'), ruleSets: XRECHNUNG_RULES },
  // The seller has a tax number only, no VAT id: BR-CO-26 (EN 16931 and Factur-X).
  taxNumberOnly: { xml: asZugferd(replace(valid, '<ram:ID schemeID="VA">DE123456789</ram:ID>', '<ram:ID schemeID="FC">143/123/45678</ram:ID>')), ruleSets: ZUGFERD_RULES },
  // Two Content elements in one note: not allowed by the Factur-X EN16931 profile.
  twoNoteContents: {
    xml: asZugferd(replace(valid, '<ram:Content>Vielen Dank für Ihren Auftrag.</ram:Content>', '<ram:Content>Vielen Dank</ram:Content><ram:Content>für Ihren Auftrag.</ram:Content>')),
    ruleSets: ZUGFERD_RULES,
  },
};
type Case = keyof typeof cases;

let results: Record<Case, RulesResult>;
beforeAll(async () => {
  const names = Object.keys(cases) as Case[];
  const out = await runEinvoiceRules(names.map((name) => cases[name]));
  results = Object.fromEntries(names.map((name, i) => [name, out[i]])) as Record<Case, RulesResult>;
}, 300_000);

const failedIds = (name: Case) => results[name].failures.map((f) => `${f.ruleSet}:${f.id}`);

describe('official e-invoice rules', () => {
  it('pass a valid XRechnung and the same invoice as ZUGFeRD XML, with the Factur-X schema too', async () => {
    expect(describeFindings(results.valid.failures)).toEqual([]);
    expect(describeFindings(results.validZugferd.failures)).toEqual([]);
    expect(await facturxSchemaErrors(cases.validZugferd.xml)).toEqual([]);
  });

  it('fail an XRechnung without buyer reference (BR-DE-15)', () => {
    expect(failedIds('noBuyerReference')).toContain('xrechnung:BR-DE-15');
    const finding = results.noBuyerReference.failures.find((f) => f.id === 'BR-DE-15')!;
    expect(finding.flag).toBe('fatal');
    expect(finding.text).toContain('BT-10');
    expect(finding.location).toContain('CrossIndustryInvoice');
  });

  it('fail totals that do not add up (BR-CO-15)', () => {
    expect(failedIds('wrongTotal')).toContain('en16931:BR-CO-15');
  });

  it('fail a seller identified by a tax number only (BR-CO-26)', () => {
    expect(failedIds('taxNumberOnly')).toContain('en16931:BR-CO-26');
    expect(results.taxNumberOnly.failures.some((f) => f.ruleSet === 'facturx' && f.text.includes('BR-CO-26'))).toBe(true);
  });

  it('fail two Content elements in one note in the Factur-X schema and rules', async () => {
    expect(results.twoNoteContents.failures.some((f) => f.ruleSet === 'facturx')).toBe(true);
    expect((await facturxSchemaErrors(cases.twoNoteContents.xml)).join('\n')).toMatch(/Content/);
  });

  it('refuse what is not XML instead of passing it', async () => {
    await expect(runEinvoiceRules([{ xml: '<rsm:CrossIndustryInvoice', ruleSets: XRECHNUNG_RULES }])).rejects.toThrow();
  }, 300_000);
});
