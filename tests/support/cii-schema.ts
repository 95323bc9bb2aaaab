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
// The profile's ReusableAggregateBusinessInformationEntity schema imports the data types under the
// names of the official package (Factur-X_1.07.2_EN16931_…), the other files use the shorter names
// of the vendored copy: both names are offered.
const FACTURX = {
  dir: path.join(fixtures, 'einvoice-rules/facturx-en16931/xsd'),
  main: 'FACTUR-X_EN16931.xsd',
  alias: (name: string) => name.replace(/^FACTUR-X_EN16931_/, 'Factur-X_1.07.2_EN16931_'),
};

const files = (dir: string, alias?: (name: string) => string) =>
  fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.xsd'))
    .flatMap((fileName) => {
      const contents = fs.readFileSync(path.join(dir, fileName), 'utf8');
      const other = alias?.(fileName);
      return other && other !== fileName ? [{ fileName, contents }, { fileName: other, contents }] : [{ fileName, contents }];
    });

async function schemaErrors(xml: string, schema: { dir: string; main: string; alias?: (name: string) => string }): Promise<string[]> {
  const all = files(schema.dir, schema.alias);
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
