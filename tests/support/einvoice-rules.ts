/**
 * The official e-invoice rules, run by Saxon-HE (Debian's `libsaxonhe-java`, installed by
 * `scripts/ensure-test-tools.mjs`) over CII invoices:
 *  - `en16931`: the CEN's EN 16931 CII validation XSLT (ConnectingEurope/eInvoicing-EN16931),
 *  - `xrechnung`: the KoSIT XRechnung CII Schematron with the Peppol rules KoSIT merges in,
 *    compiled with SchXslt,
 *  - `facturx`: the Factur-X 1.07.2 / ZUGFeRD 2.3.2 EN16931 profile Schematron (compiled XSLT).
 * The pinned files and where they come from: `tests/fixtures/einvoice-rules/SOURCE.md`.
 *
 * One JVM runs every rule set over a whole batch of files (`run-rules.xsl` beside the rules), so
 * call `runEinvoiceRules` once with all documents, not once per assertion.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const rulesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/einvoice-rules');
const SAXON_JAR = process.env.SAXON_JAR ?? '/usr/share/java/Saxon-HE.jar';

export type RuleSet = 'en16931' | 'xrechnung' | 'facturx';

/** The rule sets an XRechnung (CII) must pass. */
export const XRECHNUNG_RULES: RuleSet[] = ['en16931', 'xrechnung'];
/** The rule sets the XML inside a ZUGFeRD PDF (EN16931 profile) must pass. */
export const ZUGFERD_RULES: RuleSet[] = ['en16931', 'facturx'];

export interface Finding {
  ruleSet: RuleSet;
  kind: 'failed-assert' | 'successful-report';
  /** The rule's id, e.g. BR-CO-26, BR-DE-15, FX-SCH-A-000160. */
  id: string;
  /** fatal, error, warning, information; empty where the rule set gives none (Factur-X). */
  flag: string;
  /** XPath of the element the rule fired on. */
  location: string;
  text: string;
}

export interface RulesResult {
  /** Everything the rule sets reported. */
  findings: Finding[];
  /**
   * Failed assertions of flag `fatal` or `error`, and those without a flag (Factur-X's Schematron
   * flags none; a failed Schematron assertion is an error unless flagged otherwise).
   */
  failures: Finding[];
  /** Everything else: failed assertions flagged `warning`/`information`, successful reports. */
  warnings: Finding[];
}

export const isFailure = (f: Finding) => f.kind === 'failed-assert' && (f.flag === '' || f.flag === 'fatal' || f.flag === 'error');

/** A short line per finding, for assertion messages. */
export const describeFindings = (findings: Finding[]) =>
  findings.map((f) => `${f.ruleSet} ${f.id} [${f.flag || 'no flag'}] ${f.text} @ ${shortLocation(f.location)}`);

const shortLocation = (location: string) =>
  location
    .replace(/Q\{[^}]*\}/g, '')
    .replace(/\*:([A-Za-z]+)\[namespace-uri\(\)='[^']*'\]/g, '$1')
    .replace(/\[1\]/g, '');

interface RawResult {
  file: string;
  results: { ruleSet: RuleSet; findings: Omit<Finding, 'ruleSet'>[] }[];
}

/**
 * Runs the given rule sets over each document in one Saxon process; the results in the order of
 * `documents`. Throws when Saxon cannot run (not installed, a document is not well-formed XML).
 */
export async function runEinvoiceRules(documents: { xml: string; ruleSets: RuleSet[] }[]): Promise<RulesResult[]> {
  if (documents.length === 0) return [];
  if (!fs.existsSync(SAXON_JAR)) throw new Error(`Saxon-HE is missing (${SAXON_JAR}); run node scripts/ensure-test-tools.mjs`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'einvoice-rules-'));
  try {
    const jobs = documents.map((document, index) => {
      const file = path.join(dir, `${index}.xml`);
      fs.writeFileSync(file, document.xml);
      return `${pathToFileURL(file).href} ${document.ruleSets.join(' ')}`;
    });
    const { stdout } = await promisify(execFile)(
      'java',
      ['-jar', SAXON_JAR, `-xsl:${path.join(rulesDir, 'run-rules.xsl')}`, '-it', `jobs=${jobs.join('\n')}`],
      { maxBuffer: 256 * 1024 * 1024 },
    );
    const raw = JSON.parse(stdout) as RawResult[];
    return raw.map((entry) => {
      const findings = entry.results.flatMap((r) => r.findings.map((f) => ({ ...f, ruleSet: r.ruleSet })));
      return { findings, failures: findings.filter(isFailure), warnings: findings.filter((f) => !isFailure(f)) };
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
