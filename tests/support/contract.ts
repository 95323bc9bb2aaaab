/**
 * Validates real answers against the contract: the status must be declared for the operation
 * (or covered by `default`) and a JSON body must match its schema.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import { loadContract } from '../../server/platform/contract';
import { deref } from './sample';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- walks arbitrary OpenAPI documents
type Json = Record<string, any>;

const spec = loadContract() as Json;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
for (const format of ['binary', 'byte', 'int32', 'int64', 'float', 'double', 'password']) ajv.addFormat(format, true);
ajv.addSchema(spec, 'openapi.json');

const pointer = (parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

const templates = Object.keys(spec.paths).map((template) => ({
  template,
  regex: new RegExp('^' + template.replace(/\{[^}]+\}/g, '[^/]+') + '$'),
}));

export function findOperation(method: string, pathname: string) {
  const match = templates.find((t) => t.regex.test(pathname));
  if (!match) return undefined;
  const op = spec.paths[match.template][method.toLowerCase()];
  return op ? { template: match.template, op: op as Json } : undefined;
}

const validators = new Map<string, ValidateFunction>();

/** Returns the problems of one answer, or an empty list when it follows the contract. */
export function checkResponse(method: string, url: string, status: number, contentType: string, body: unknown): string[] {
  const { pathname } = new URL(url);
  const found = findOperation(method, pathname);
  if (!found) return [`${method} ${pathname} is not in the contract`];
  const responses = found.op.responses as Json;
  const key = String(status) in responses ? String(status) : 'default' in responses ? 'default' : undefined;
  if (!key) return [`${method} ${found.template} answered ${status}, which the contract does not declare`];
  const response = deref(responses[key]);
  const mediaType = contentType.split(';')[0].trim();
  const content = response.content as Json | undefined;
  if (!content) return [];
  if (!(mediaType in content)) {
    return [`${method} ${found.template} ${status} answered ${mediaType}, contract has ${Object.keys(content).join(', ')}`];
  }
  if (mediaType !== 'application/json') return [];
  const schemaPointer = content[mediaType].schema
    ? pointer(['paths', found.template, found.op.__method ?? method.toLowerCase(), 'responses', key])
    : undefined;
  if (!schemaPointer) return [];
  const id = `${method} ${found.template} ${key}`;
  let validate = validators.get(id);
  if (!validate) {
    // The response object may itself be a $ref to components/responses.
    const ref =
      typeof responses[key].$ref === 'string'
        ? `openapi.json${responses[key].$ref}/content/application~1json/schema`
        : `openapi.json#/${schemaPointer}/content/application~1json/schema`;
    validate = ajv.compile({ $ref: ref });
    validators.set(id, validate);
  }
  if (validate(body)) return [];
  return (validate.errors ?? []).map((e) => `${id}: ${e.instancePath || '/'} ${e.message}`);
}
