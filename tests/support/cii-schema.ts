/**
 * Validates a CII invoice (XRechnung, or the XML inside a ZUGFeRD PDF) against an XML schema with
 * libxml2 compiled to WebAssembly: the official UN/CEFACT D16B schema in `tests/fixtures/cii-d16b`,
 * and the Factur-X 1.07.2 (ZUGFeRD 2.3.2) EN16931 profile schema in
 * `tests/fixtures/einvoice-rules/facturx-en16931/xsd` (stricter: only the profile's elements).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures');
const CII = { dir: path.join(fixtures, 'cii-d16b'), main: 'CrossIndustryInvoice_100pD16B.xsd' };
const FACTURX = { dir: path.join(fixtures, 'einvoice-rules/facturx-en16931/xsd'), main: 'FACTUR-X_EN16931.xsd' };

const files = (dir: string) =>
  fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.xsd'))
    .map((fileName) => ({ fileName, contents: fs.readFileSync(path.join(dir, fileName), 'utf8') }));

async function schemaErrors(xml: string, schema: { dir: string; main: string }): Promise<string[]> {
  const all = files(schema.dir);
  const result = await validateXML({
    xml: [{ fileName: 'invoice.xml', contents: xml }],
    schema: all.filter((f) => f.fileName === schema.main),
    preload: all.filter((f) => f.fileName !== schema.main),
  });
  return result.valid ? [] : result.errors.map((e) => e.rawMessage);
}

/** The D16B schema's complaints about the document; empty when it is valid. */
export const ciiSchemaErrors = (xml: string) => schemaErrors(xml, CII);

/** The Factur-X EN16931 profile schema's complaints about the document; empty when it is valid. */
export const facturxSchemaErrors = (xml: string) => schemaErrors(xml, FACTURX);
