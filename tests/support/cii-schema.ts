/**
 * Validates a CII invoice (XRechnung, or the XML inside a ZUGFeRD PDF) against the official
 * UN/CEFACT D16B schema in `tests/fixtures/cii-d16b` with libxml2 compiled to WebAssembly.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/cii-d16b');
const MAIN = 'CrossIndustryInvoice_100pD16B.xsd';

const files = () =>
  fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.xsd'))
    .map((fileName) => ({ fileName, contents: fs.readFileSync(path.join(dir, fileName), 'utf8') }));

/** The schema's complaints about the document; empty when it is valid. */
export async function ciiSchemaErrors(xml: string): Promise<string[]> {
  const all = files();
  const result = await validateXML({
    xml: [{ fileName: 'invoice.xml', contents: xml }],
    schema: all.filter((f) => f.fileName === MAIN),
    preload: all.filter((f) => f.fileName !== MAIN),
  });
  return result.valid ? [] : result.errors.map((e) => e.rawMessage);
}
