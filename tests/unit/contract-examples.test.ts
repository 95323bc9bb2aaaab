/**
 * Every example in the contract fits its schema. The Prism mock (`npm run dev:mock`, and the mock
 * check in tests/e2e/prism-mock.test.ts) answers with these examples, so an example that breaks its
 * own schema is an answer the real server could never give: the app would be developed against it.
 *
 * Checked: `example` and `examples` of schemas (at any depth: properties, items, allOf, ...), and of
 * parameters, headers and media types (against their `schema`; `examples` there is a map of
 * `{ value }`). The bundled contract (generated/openapi.json) is read, as Prism reads it.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../../server/platform/contract';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const escape = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');

interface Example {
  /** JSON pointer of the schema the example must fit. */
  schema: string;
  /** Where the example is, for the failure message. */
  at: string;
  value: unknown;
}

/** Every example of the document with the pointer of the schema it belongs to. */
function examplesOf(document: Json): Example[] {
  const found: Example[] = [];
  const walk = (node: unknown, path: string[]) => {
    if (Array.isArray(node)) {
      node.forEach((item, index) => walk(item, [...path, String(index)]));
      return;
    }
    if (!isObject(node)) return;
    // A map of property names: a property called "example" is a schema, not an example.
    const isNameMap = ['properties', 'patternProperties', '$defs', 'schemas', 'paths'].includes(path[path.length - 1] ?? '');
    if (!isNameMap) {
      const here = `#/${path.map(escape).join('/')}`;
      const hasSchema = isObject(node.schema);
      const schema = hasSchema ? `${here}/schema` : here;
      if ('example' in node) found.push({ schema, at: `${here}/example`, value: node.example });
      if (hasSchema && isObject(node.examples)) {
        for (const [name, example] of Object.entries(node.examples)) {
          if (isObject(example) && 'value' in example) found.push({ schema, at: `${here}/examples/${escape(name)}`, value: example.value });
        }
      } else if (Array.isArray(node.examples)) {
        node.examples.forEach((value, index) => found.push({ schema, at: `${here}/examples/${index}`, value }));
      }
    }
    for (const [key, value] of Object.entries(node)) {
      if (!isNameMap && (key === 'example' || key === 'examples')) continue;
      walk(value, [...path, key]);
    }
  };
  walk(document, []);
  return found;
}

/** The problems of the document's examples; empty when each fits its schema. */
function problemsOf(document: Json): string[] {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  for (const format of ['binary', 'byte', 'int32', 'int64', 'float', 'double', 'password']) ajv.addFormat(format, true);
  ajv.addSchema(document, 'openapi.json');
  return examplesOf(document).flatMap(({ schema, at, value }) => {
    const validate = ajv.compile({ $ref: `openapi.json${schema}` });
    if (validate(value)) return [];
    return (validate.errors ?? []).map((e) => `${at}: ${JSON.stringify(value)} ${e.instancePath || ''} ${e.message}`);
  });
}

describe('the examples of the contract', () => {
  const contract = loadContract();

  it('are found in schemas, parameters, headers and media types', () => {
    const examples = examplesOf(contract);
    expect(examples.length).toBeGreaterThan(400);
    expect(examples.some((e) => e.schema.endsWith('/content/application~1json/schema'))).toBe(true);
    expect(examples.some((e) => e.schema.includes('/headers/'))).toBe(true);
    expect(examples.some((e) => e.schema.includes('/components/schemas/'))).toBe(true);
  });

  it('each fit their schema', () => {
    expect(problemsOf(contract)).toEqual([]);
  });

  it('a wrong example is found (the check bites)', () => {
    const broken = structuredClone(contract) as Json & { components: { schemas: Record<string, Json> } };
    const schemas = broken.components.schemas;
    // A string property with an example of another type, somewhere deep in a component.
    const [name, schema] = Object.entries(schemas).find(([, s]) => isObject(s.properties) && Object.values(s.properties).some((p) => isObject(p) && p.type === 'string' && 'example' in p))!;
    const property = Object.entries(schema.properties as Record<string, Json>).find(([, p]) => p.type === 'string' && 'example' in p)!;
    property[1].example = 42;
    expect(problemsOf(broken).join('\n')).toContain(`#/components/schemas/${name}/properties/${property[0]}/example`);
  });
});
