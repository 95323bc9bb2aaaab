/**
 * The bundled contract (generated/openapi.json) and an index of its operations by operationId:
 * method, path, security requirement and the roles allowed (`x-roles`).
 */
import fs from 'node:fs';
import type { FastifyRequest } from 'fastify';
import type { operations } from '../../generated/server/openapi';
import { fromRoot } from './paths';

export type OperationId = keyof operations;

/** The query, path parameters and JSON body of operation K as the contract types them. */
export type QueryOf<K extends OperationId> = NonNullable<operations[K]['parameters']['query']>;
export type PathOf<K extends OperationId> = NonNullable<operations[K]['parameters']['path']>;
export type BodyOf<K extends OperationId> = operations[K]['requestBody'] extends { content: { 'application/json': infer B } } | undefined ? B : never;

/** The request of operation K as its handler sees it, typed by the contract (validated before). */
export type OperationQuery<K extends OperationId> = FastifyRequest<{ Querystring: QueryOf<K> }>;
export type OperationPath<K extends OperationId> = FastifyRequest<{ Params: PathOf<K> }>;
export type OperationBody<K extends OperationId> = FastifyRequest<{ Body: BodyOf<K> }>;

export interface OperationInfo {
  operationId: OperationId;
  method: string;
  path: string;
  needsBearer: boolean;
  needsDevice: boolean;
  roles: string[];
  /** `x-license-free`: works for a member without a license (so licensing can be fixed, and logout). */
  licenseFree: boolean;
  multipart: boolean;
  /** Media types of the request body the operation declares; empty without a body. */
  bodyTypes: string[];
  /** Declares the `Idempotency-Key` header: a change the app may send again (platform/idempotency.ts). */
  idempotent: boolean;
  /** Its security takes an API key (`apiKey`, decision 0039). */
  acceptsApiKey: boolean;
  /** The area of API keys it belongs to: `x-api-key-area` of its first tag. */
  apiKeyArea?: string;
}

export const contractPath = fromRoot('generated', 'openapi.json');

type Json = Record<string, unknown>;

export function loadContract(): Json {
  return JSON.parse(fs.readFileSync(contractPath, 'utf8')) as Json;
}

const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

export function indexOperations(spec: Json): Map<OperationId, OperationInfo> {
  const out = new Map<OperationId, OperationInfo>();
  const globalSecurity = (spec.security as Json[] | undefined) ?? [];
  const areaOfTag = new Map(((spec.tags as Json[] | undefined) ?? []).map((t) => [t.name as string, t['x-api-key-area'] as string | undefined]));
  for (const [p, item] of Object.entries(spec.paths as Record<string, Json>)) {
    for (const m of methods) {
      const op = item[m] as Json | undefined;
      if (!op) continue;
      const security = (op.security as Json[] | undefined) ?? globalSecurity;
      // Alternatives are ORed; an empty alternative makes the call public.
      const alternatives = security.map((s) => Object.keys(s));
      const isPublic = alternatives.length === 0 || alternatives.some((a) => a.length === 0);
      // What a member's session needs; an API key is the other alternative, checked on its own.
      const session = alternatives.filter((a) => !a.includes('apiKey'));
      const body = (op.requestBody as Json | undefined)?.content as Json | undefined;
      out.set(op.operationId as OperationId, {
        operationId: op.operationId as OperationId,
        method: m.toUpperCase(),
        path: p,
        needsBearer: !isPublic && session.every((a) => a.includes('bearer')),
        needsDevice: !isPublic && session.length > 0 && session.every((a) => a.includes('deviceId')),
        roles: (op['x-roles'] as string[] | undefined) ?? [],
        licenseFree: op['x-license-free'] === true,
        multipart: !!body && 'multipart/form-data' in body,
        bodyTypes: body ? Object.keys(body).map((t) => t.toLowerCase()) : [],
        idempotent: ((op.parameters as Json[] | undefined) ?? []).some((p) => p.$ref === '#/components/parameters/IdempotencyKey'),
        acceptsApiKey: !isPublic && alternatives.some((a) => a.includes('apiKey')),
        apiKeyArea: areaOfTag.get(((op.tags as string[] | undefined) ?? [])[0]),
      });
    }
  }
  return out;
}
