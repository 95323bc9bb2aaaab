/**
 * Builds a valid request for any operation of the contract from its schemas (examples first, then
 * defaults, enums and formats). Used to reach every handler, e.g. to list calls not built yet.
 */
import crypto from 'node:crypto';
import { loadContract } from '../../server/platform/contract';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- walks arbitrary OpenAPI documents
type Json = Record<string, any>;
const spec = loadContract() as Json;

/** The name and address of the sample firm the API and component tests share. */
export const firmAddress = {
  name: 'Elektro Schneider',
  companyName: 'Elektro Schneider GmbH',
  street: 'Musterstraße 12',
  zip: '80331',
  city: 'München',
  country: 'DE',
};

export function deref(node: Json): Json {
  let current = node;
  while (current && typeof current.$ref === 'string') {
    current = current.$ref
      .slice(2)
      .split('/')
      .map((p: string) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((acc: Json, key: string) => acc?.[key], spec);
  }
  return current;
}

export function sampleValue(schemaIn: Json, depth = 0): unknown {
  const schema = deref(schemaIn);
  if (!schema || depth > 8) return undefined;
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum.find((v: unknown) => v !== null) ?? schema.enum[0];
  if (schema.allOf) {
    return schema.allOf.reduce((acc: Json, part: Json) => ({ ...acc, ...(sampleValue(part, depth + 1) as Json) }), {});
  }
  if (schema.oneOf) return sampleValue(schema.oneOf[0], depth + 1);
  if (schema.anyOf) return sampleValue(schema.anyOf.find((s: Json) => deref(s).type !== 'null') ?? schema.anyOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Json = {};
      for (const name of schema.required ?? []) out[name] = sampleValue(schema.properties?.[name] ?? {}, depth + 1);
      for (const name of Object.keys(schema.properties ?? {})) {
        if (Object.keys(out).length >= (schema.minProperties ?? 0)) break;
        out[name] ??= sampleValue(schema.properties[name], depth + 1);
      }
      return out;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleValue(schema.items ?? {}, depth + 1));
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      switch (schema.format) {
        case 'uuid':
          return crypto.randomUUID();
        case 'email':
          return 'anna.schneider@example.de';
        case 'date-time':
          return new Date().toISOString();
        case 'date':
          return new Date().toISOString().slice(0, 10);
        case 'uri':
          return 'https://example.de/';
        default:
          return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
      }
  }
}

export interface SampledRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | FormData;
}

export function sampleRequest(template: string, method: string): SampledRequest {
  const op = spec.paths[template][method.toLowerCase()] as Json;
  let path = template;
  const query = new URLSearchParams();
  const headers: Record<string, string> = {};
  for (const raw of op.parameters ?? []) {
    const p = deref(raw);
    const value = p.example ?? sampleValue(p.schema ?? {});
    if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(String(value)));
    else if (p.in === 'query' && p.required) query.set(p.name, String(value));
  }
  let body: string | FormData | undefined;
  const content = op.requestBody ? deref(op.requestBody).content : undefined;
  if (content?.['application/json']) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(sampleValue(content['application/json'].schema ?? {}) ?? {});
  } else if (content?.['multipart/form-data']) {
    const form = new FormData();
    const schema = deref(content['multipart/form-data'].schema ?? {});
    for (const name of schema.required ?? []) {
      const prop = deref(schema.properties?.[name] ?? {});
      if (prop.format === 'binary') form.set(name, new Blob([Buffer.from('x')], { type: 'image/png' }), 'file.png');
      else form.set(name, String(sampleValue(prop)));
    }
    body = form;
  }
  const qs = query.toString();
  return { method: method.toUpperCase(), path: qs ? `${path}?${qs}` : path, headers, body };
}

export function allOperations(): { template: string; method: string; operationId: string; roles: string[] }[] {
  const out = [];
  for (const [template, item] of Object.entries(spec.paths as Record<string, Json>)) {
    for (const method of ['get', 'post', 'put', 'delete', 'patch']) {
      const op = item[method];
      if (op) out.push({ template, method, operationId: op.operationId as string, roles: (op['x-roles'] ?? []) as string[] });
    }
  }
  return out;
}
