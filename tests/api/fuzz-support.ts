/**
 * Schema-driven requests for every operation of the contract (generated/openapi.json): a valid
 * request built from the schemas with the ids of a seeded firm, and mutations of it (wrong types,
 * missing and unknown fields, huge strings, NUL, lone surrogates, edge dates and numbers, bad path
 * ids, wrong media types, oversized bodies). Random choices come from a seeded generator, so a run
 * is the same every time.
 */
import { loadContract } from '../../server/platform/contract';
import { deref } from '../support/sample';
import type { FirmData } from './seed-firm';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- walks arbitrary OpenAPI documents and bodies
export type Json = Record<string, any>;

const spec = loadContract() as Json;

/** mulberry32: small, fast and deterministic. */
export function randomSource(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
    chance: (p: number) => next() < p,
    uuid: () => {
      const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16)).join('');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
    },
  };
}
export type Random = ReturnType<typeof randomSource>;

export interface Param {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: Json;
}

export interface Operation {
  operationId: string;
  template: string;
  method: string;
  params: Param[];
  bodyType?: 'json' | 'multipart';
  bodySchema?: Json;
  roles: string[];
}

export function contractOperations(): Operation[] {
  const out: Operation[] = [];
  for (const [template, item] of Object.entries(spec.paths as Record<string, Json>)) {
    for (const method of ['get', 'post', 'put', 'delete', 'patch']) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const params = ((op.parameters ?? []) as Json[])
        .map((raw) => deref(raw))
        .filter((p) => p.in === 'path' || p.in === 'query')
        .map((p) => ({ name: p.name as string, in: p.in, required: !!p.required, schema: deref(p.schema ?? {}) }) as Param);
      const content = op.requestBody ? (deref(op.requestBody).content as Json) : undefined;
      const bodyType = content?.['application/json'] ? 'json' : content?.['multipart/form-data'] ? 'multipart' : undefined;
      const bodySchema = bodyType ? deref(content![bodyType === 'json' ? 'application/json' : 'multipart/form-data'].schema ?? {}) : undefined;
      out.push({ operationId: op.operationId, template, method: method.toUpperCase(), params, bodyType, bodySchema, roles: op['x-roles'] ?? [] });
    }
  }
  return out;
}

/** A seeded firm's id for a field or parameter name, by the operation's resource for `id`. */
export function knownId(data: FirmData, template: string, name: string): string | string[] | undefined {
  switch (name) {
    case 'customerId':
      return data.customerId;
    case 'productId':
      return data.productId;
    case 'ownerId':
    case 'userId':
    case 'memberId':
      return data.employee.userId;
    case 'tenantId':
      return data.tenantId;
    case 'userTimeTrackId':
      return data.userTrackId;
    case 'segmentId':
      return data.segmentIds[1];
    case 'informationIds':
    case 'confirmedInfoIds':
      return [data.noteId, data.materialId];
    case 'timeTrackIds':
    case 'confirmedTimeTrackIds':
      return [data.timeTrackId];
    case 'imageIds':
    case 'confirmedImageIds':
      return [data.imageId];
    case 'id': {
      const resource = template.split('/')[2];
      const byResource: Record<string, string> = {
        Customers: data.customerId,
        Products: data.productId,
        Information: data.noteId,
        TimeTracks: data.timeTrackId,
        Images: data.imageId,
        WorkConfirmations: data.confirmationId,
        Users: data.employee.userId,
        UserTimeTracks: data.userTrackId,
      };
      return byResource[resource];
    }
    default:
      return undefined;
  }
}

function typeOf(schema: Json): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t: string) => t !== 'null');
  if (schema.type) return schema.type;
  if (schema.properties) return 'object';
  return undefined;
}

/** One schema, with `allOf` merged and a nullable `anyOf`/`oneOf` reduced to its first real branch. */
function flatten(schemaIn: Json): Json {
  const schema = deref(schemaIn);
  if (!schema) return {};
  if (schema.allOf) {
    return schema.allOf.map(flatten).reduce(
      (acc: Json, part: Json) => ({
        ...acc,
        ...part,
        properties: { ...acc.properties, ...part.properties },
        required: [...(acc.required ?? []), ...(part.required ?? [])],
      }),
      {},
    );
  }
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const real = branches.map(flatten).filter((b: Json) => b.type !== 'null');
    return real[0] ?? {};
  }
  return schema;
}

/** A valid value: examples first, then the seeded firm's ids, then what the schema allows. */
export function validValue(schemaIn: Json, name: string, ctx: { data: FirmData; template: string; random: Random; full: boolean }, depth = 0): unknown {
  const schema = flatten(schemaIn);
  const id = knownId(ctx.data, ctx.template, name);
  const type = typeOf(schema);
  if (id !== undefined && (type === 'string' || type === 'array')) return type === 'array' && !Array.isArray(id) ? [id] : id;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum.find((v: unknown) => v !== null);
  if (depth > 6) return undefined;
  if (type === 'object') {
    const out: Json = {};
    for (const [key, prop] of Object.entries((schema.properties ?? {}) as Json)) {
      const required = (schema.required ?? []).includes(key);
      if (required || (ctx.full && ctx.random.chance(0.7))) {
        const value = validValue(prop, key, ctx, depth + 1);
        if (value !== undefined) out[key] = value;
      }
    }
    return out;
  }
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  switch (type) {
    case 'array': {
      const n = Math.max(schema.minItems ?? 0, ctx.full ? 1 : 0);
      return Array.from({ length: n }, () => validValue(schema.items ?? {}, name, ctx, depth + 1));
    }
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return ctx.random.chance(0.5);
    case 'string':
      switch (schema.format) {
        case 'uuid':
          return ctx.random.uuid();
        case 'email':
          return 'anna.schneider@example.de';
        case 'date-time':
          return '2026-11-20T08:15:00Z';
        case 'date':
          return '2026-11-20';
        case 'uri':
          return 'https://example.de/';
        default:
          return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
      }
    default:
      return 'x';
  }
}

export const EDGE_DATES = [
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '10000-01-01T00:00:00Z',
  '2026-12-31T23:59:60Z',
  '2026-02-29T10:00:00Z',
  '1969-12-31T23:59:59.999Z',
  '2026-11-20T08:15:00+14:00',
  '2026-11-20T08:15:00-23:59',
  '2026-11-20',
  '2026-11-20T08:15:00',
  '+275760-09-13T00:00:00Z',
];

export const EDGE_NUMBERS = [0, -1, 1.5, -0.001, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 1e15, 1e308, -1e308, 1e-320, 999999999.9995];

export const NASTY_STRINGS = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  'kaputt \ud800',
  '\udfff',
  '\u0007\u001b[31m',
  '\u202eevil',
  '🌞'.repeat(50),
  "'; drop table customers; --",
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '%00',
  '__proto__',
  'x'.repeat(5000),
];

/** Values a field of this schema should refuse or handle: wrong types and its edges. */
export function badValues(schemaIn: Json, random: Random): unknown[] {
  const schema = flatten(schemaIn);
  const type = typeOf(schema);
  const wrong: unknown[] = [{}, [], true, 12345, 'text', null, JSON.parse('{"__proto__":{"admin":true}}')];
  const out: unknown[] = [...wrong];
  switch (type) {
    case 'string':
      out.push(...NASTY_STRINGS, 'x'.repeat((schema.maxLength ?? 100) + 1));
      if (schema.format === 'date-time' || schema.format === 'date') out.push(...EDGE_DATES);
      if (schema.format === 'uuid') out.push(random.uuid(), 'not-a-uuid', '00000000-0000-0000-0000-000000000000', random.uuid().toUpperCase());
      if (schema.format === 'email') out.push('a@b', `${'x'.repeat(300)}@example.de`, 'anna@@example.de');
      if (Array.isArray(schema.enum)) out.push('nonsense', '__proto__', 'constructor');
      break;
    case 'integer':
    case 'number':
      out.push(...EDGE_NUMBERS);
      if (schema.maximum !== undefined) out.push(schema.maximum + 1, schema.maximum + 0.0001);
      if (schema.minimum !== undefined) out.push(schema.minimum - 1, schema.minimum - 0.0001);
      break;
    case 'boolean':
      out.push('true', 1, 0);
      break;
    case 'array':
      out.push([null], [{}], ['not-a-uuid'], Array.from({ length: (schema.maxItems ?? 100) + 1 }, () => random.uuid()));
      break;
    case 'object':
      out.push({ unknown: 1 }, 'not an object');
      break;
  }
  return out;
}

export interface Leaf {
  path: (string | number)[];
  schema: Json;
}

/** Every property of a body schema, nested objects and the first item of arrays included. */
export function leaves(schemaIn: Json, path: (string | number)[] = [], depth = 0): Leaf[] {
  const schema = flatten(schemaIn);
  const out: Leaf[] = [];
  if (depth > 5) return out;
  const type = typeOf(schema);
  if (type === 'object') {
    for (const [key, prop] of Object.entries((schema.properties ?? {}) as Json)) {
      out.push({ path: [...path, key], schema: prop });
      out.push(...leaves(prop, [...path, key], depth + 1));
    }
  } else if (type === 'array' && schema.items) {
    out.push(...leaves(schema.items, [...path, 0], depth + 1));
  }
  return out;
}

/** Sets a value at a path, creating the objects and arrays on the way. */
export function setAt(target: Json, path: (string | number)[], value: unknown) {
  let node = target;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i];
    if (node[key] === null || typeof node[key] !== 'object') node[key] = typeof path[i + 1] === 'number' ? [] : {};
    node = node[key];
  }
  node[path[path.length - 1]] = value;
}

export function deleteAt(target: Json, path: (string | number)[]) {
  let node = target;
  for (let i = 0; i < path.length - 1; i++) {
    node = node?.[path[i]];
    if (node === null || typeof node !== 'object') return;
  }
  delete node[path[path.length - 1]];
}

/** Query values as text, for parameters of any type. */
export function badQueryValues(param: Param, random: Random): string[] {
  const schema = flatten(param.schema);
  const out = ['', 'abc', '-1', '0', '1.5', '1e10', '99999999999999999999', 'true', 'null', '[]', '__proto__', 'constructor', 'a\u0000b', 'kaputt \ud800', 'x'.repeat(3000)];
  if (schema.format === 'date-time' || schema.format === 'date') out.push(...EDGE_DATES);
  if (schema.format === 'uuid') out.push(random.uuid(), 'not-a-uuid', '00000000-0000-0000-0000-000000000000');
  if (schema.maximum !== undefined) out.push(String(schema.maximum + 1));
  return out;
}

export function queryText(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
