/**
 * The API of the component tests, answered from the contract (generated/openapi.json) instead of
 * hand-written fakes. A test names answers per operationId; every request the app sends is checked
 * against the operation (path, method, query parameters, JSON body, device id, bearer token and
 * its role), every answer is put into the envelope and checked against the operation's response
 * schema (tests/support/contract.ts). A request or answer outside the contract, and a call the
 * test gave no answer for, fail the test (after it, with every problem named) and make the call
 * fail at once, so a fake cannot drift from the contract unnoticed.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import { vi } from 'vitest';
import type { operations } from '../../generated/server/openapi';
import { indexOperations, loadContract, type OperationId, type OperationInfo } from '../../server/platform/contract';
import { client, configureApiClient } from '../../src/lib/api-client';
import { checkResponse } from '../support/contract';
import { deref } from '../support/sample';
import { quietShell } from './contract-data';

export type { OperationId };

type Responses<K extends OperationId> = operations[K]['responses'];
type SuccessStatus<K extends OperationId> = Extract<keyof Responses<K>, 200 | 201 | 202 | 204>;
/** The `data` of the operation's success answer, as the contract types it. */
export type DataOf<K extends OperationId> = Responses<K>[SuccessStatus<K>] extends { content: { 'application/json': { data: infer D } } } ? D : unknown;

/** One request the app sent, with what the check read from it. */
export interface ContractCall {
  operationId: OperationId;
  request: Request;
  url: URL;
  /** Query parameters as sent (strings; repeated parameters as arrays). */
  query: Record<string, string | string[]>;
  /** The parsed JSON body (undefined without one). */
  body: unknown;
}

/** A complete answer: any status the operation declares, the body as it goes over the wire. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
    /** Only for tests of how the app copes with a broken server: sent as it is, not checked. */
    readonly unchecked = false,
  ) {}
}

type Result<K extends OperationId> = DataOf<K> | Reply;
export type Answer<K extends OperationId> = Result<K> | ((call: ContractCall) => Result<K> | Promise<Result<K>>);
export type Handlers = { [K in OperationId]?: Answer<K> };
/** Paths the server serves outside the contract (e.g. the development outbox). */
export type OutsideHandlers = Record<string, (request: Request) => Response | Promise<Response>>;

export function envelope(data: unknown, successMessage: string | null = null) {
  return { isSuccess: true, data, errorMessages: [], errors: {}, successMessage };
}

export function errorEnvelope(
  code: string,
  message: string,
  options: { errors?: Record<string, string[]>; meta?: Record<string, unknown> } = {},
) {
  return {
    isSuccess: false,
    data: null,
    errorMessages: [{ code, message, ...(options.meta ? { meta: options.meta } : {}) }],
    errors: options.errors ?? {},
    successMessage: null,
  };
}

/** A success answer with a message or headers (a plain value is answered as the first 2xx). */
export function success(data: unknown, options: { status?: number; successMessage?: string; headers?: Record<string, string> } = {}) {
  return new Reply(options.status ?? 200, envelope(data, options.successMessage ?? null), options.headers);
}

/** A refusal with the error envelope, as the server sends it. */
export function failure(
  status: number,
  code: string,
  message: string,
  options: { errors?: Record<string, string[]>; meta?: Record<string, unknown>; headers?: Record<string, string> } = {},
) {
  return new Reply(status, errorEnvelope(code, message, options), options.headers);
}

/** Answers in turn, one per call; the last one answers every further call. */
export function inTurn<T extends unknown[]>(...results: T): (call: ContractCall) => T[number] {
  let next = 0;
  return () => results[Math.min(next++, results.length - 1)];
}

/** The call fails as without a network (fetch rejects with a TypeError). */
export function offline() {
  return new Reply(0, undefined, {}, true);
}

class Offline extends TypeError {
  constructor() {
    super('Failed to fetch');
  }
}

/** A raw answer that is not checked: only for tests of the app's handling of a broken server. */
export function unchecked(status: number, text: string, headers: Record<string, string> = { 'Content-Type': 'application/json' }) {
  return new Reply(status, text, headers, true);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- walks the OpenAPI document
type Json = Record<string, any>;

const spec = loadContract() as Json;
const operationsById = indexOperations(spec);
/** Like the server: query strings are coerced to their types, bodies must have them already. */
function makeAjv(coerce: boolean) {
  const made = new Ajv2020({ strict: false, allErrors: true, coerceTypes: coerce ? 'array' : false, useDefaults: false });
  addFormats.default(made);
  for (const format of ['binary', 'byte', 'int32', 'int64', 'float', 'double', 'password']) made.addFormat(format, true);
  made.addSchema(spec, 'openapi.json');
  return made;
}
const queryAjv = makeAjv(true);
const bodyAjv = makeAjv(false);

/** The device id as the server accepts it. */
const DEVICE_ID = /^backoffice_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function parameters(info: OperationInfo, place: 'query' | 'path') {
  const op = spec.paths[info.path][info.method.toLowerCase()] as Json;
  return ((op.parameters ?? []) as Json[]).map(deref).filter((p) => p.in === place);
}

/** The JSON schema of one operation's parameters in one place, with refs into the contract. */
function parameterSchema(info: OperationInfo, place: 'query' | 'path') {
  const declared = parameters(info, place);
  return {
    type: 'object',
    properties: Object.fromEntries(declared.map((p) => [p.name, rewriteRefs(p.schema)])),
    required: declared.filter((p) => p.required).map((p) => p.name as string),
    additionalProperties: false,
  };
}

function rewriteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `openapi.json${v}` : rewriteRefs(v)]),
  );
}

const compiled = new Map<string, ValidateFunction>();
function validator(key: string, make: () => ValidateFunction) {
  let found = compiled.get(key);
  if (!found) {
    found = make();
    compiled.set(key, found);
  }
  return found;
}

const templates = [...operationsById.values()].map((info) => ({
  info,
  regex: new RegExp('^' + info.path.replace(/\{([^}]+)\}/g, '(?<$1>[^/]+)') + '$'),
}));

function findOperation(method: string, pathname: string) {
  for (const { info, regex } of templates) {
    const match = regex.exec(pathname);
    if (match && info.method === method) return { info, params: { ...match.groups } };
  }
  return undefined;
}

const describeErrors = (v: ValidateFunction, where: string) =>
  (v.errors ?? []).map((e) => `${where}${e.instancePath || ''} ${e.message}${e.params && 'additionalProperty' in e.params ? ` (${e.params.additionalProperty})` : ''}`);

function readRoles(authorization: string | null): string[] | undefined {
  const token = authorization?.replace(/^Bearer /i, '');
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { role?: string | string[] };
    return claims.role === undefined ? [] : ([] as string[]).concat(claims.role);
  } catch {
    return undefined;
  }
}

/** Query parameters as strings; repeated ones (and declared lists) as arrays. */
function readQuery(url: URL, lists = new Set<string>()) {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    query[key] = lists.has(key) || values.length > 1 ? values : values[0];
  }
  return query;
}

/** The problems of one request against its operation; an empty list when it follows the contract. */
export function checkRequest(info: OperationInfo, request: Request, params: Record<string, string>, body: unknown): string[] {
  const problems: string[] = [];
  const name = `${info.operationId} (${info.method} ${info.path})`;
  const url = new URL(request.url);

  const lists = new Set(parameters(info, 'query').filter((p) => deref(p.schema).type === 'array').map((p) => p.name as string));
  const query: Record<string, unknown> = readQuery(url, lists);
  const checkQuery = validator(`${info.operationId} query`, () => queryAjv.compile(parameterSchema(info, 'query')));
  if (!checkQuery(query)) problems.push(...describeErrors(checkQuery, `${name}: query`));

  const pathSchema = parameterSchema(info, 'path');
  const checkPath = validator(`${info.operationId} path`, () => queryAjv.compile(pathSchema));
  if (!checkPath(params)) problems.push(...describeErrors(checkPath, `${name}: path`));

  const op = spec.paths[info.path][info.method.toLowerCase()] as Json;
  const requestBody = op.requestBody ? deref(op.requestBody) : undefined;
  const contentType = (request.headers.get('Content-Type') ?? '').split(';')[0].trim();
  if (!requestBody) {
    if (body !== undefined) problems.push(`${name}: sends a body, the operation takes none`);
  } else if (body === undefined && !info.multipart) {
    if (requestBody.required) problems.push(`${name}: the body is required`);
  } else if (!(contentType in (requestBody.content as Json))) {
    problems.push(`${name}: sends ${contentType || 'no content type'}, the contract takes ${Object.keys(requestBody.content).join(', ')}`);
  } else if (contentType === 'application/json') {
    const checkBody = validator(`${info.operationId} body`, () =>
      bodyAjv.compile({ $ref: `openapi.json#/paths/${info.path.replace(/~/g, '~0').replace(/\//g, '~1')}/${info.method.toLowerCase()}/requestBody/content/application~1json/schema` }),
    );
    if (!checkBody(body)) problems.push(...describeErrors(checkBody, `${name}: body`));
  }

  if (info.needsDevice && !DEVICE_ID.test(request.headers.get('X-Device-Id') ?? '')) {
    problems.push(`${name}: needs the X-Device-Id header (backoffice_<uuid>), got ${request.headers.get('X-Device-Id') ?? 'none'}`);
  }
  if (info.needsBearer) {
    const roles = readRoles(request.headers.get('Authorization'));
    if (!roles) problems.push(`${name}: needs the Authorization: Bearer header`);
    else if (info.roles.length > 0 && !roles.some((r) => info.roles.includes(r))) {
      problems.push(`${name}: a token with the roles ${roles.join(', ') || 'none'} is refused, the operation allows ${info.roles.join(', ')}`);
    }
  }
  return problems;
}

function toResponse(reply: Reply) {
  if (reply.status === 0) throw new Offline();
  const text = reply.unchecked ? String(reply.body) : JSON.stringify(reply.body);
  const headers = { ...(reply.body === undefined ? {} : { 'Content-Type': 'application/json' }), ...reply.headers };
  return new Response(reply.status === 204 ? null : text, { status: reply.status, headers });
}

function successStatus(info: OperationInfo) {
  const op = spec.paths[info.path][info.method.toLowerCase()] as Json;
  return Number(Object.keys(op.responses).find((s) => s.startsWith('2')) ?? 200);
}

export interface ContractServer {
  /** The calls of one operation (or all), in order. */
  calls(operationId?: OperationId): ContractCall[];
  /** Adds or replaces answers. */
  use(handlers: Handlers): void;
  /** Returns the problems found so far and forgets them (for tests of the check itself). */
  takeProblems(): string[];
}

/** A request or answer outside the contract; the app sees it as a failed call. */
class ContractRefusal extends Error {
  constructor(message: string) {
    super(`Contract check: ${message}`);
  }
}

let active: ContractServer | undefined;

/**
 * Ends the current test's server and returns what it found outside the contract. The component
 * set-up calls it after each test, after the DOM is cleaned up, and fails the test with them.
 */
export function endContractServer(): string[] {
  const problems = active?.takeProblems() ?? [];
  active = undefined;
  return problems;
}

/**
 * Replaces `fetch` for the current test: requests to the contract's operations are checked and
 * answered from `handlers`; `outside` answers paths the server serves beside the contract. What
 * every signed-in screen asks (running timers, clock-in state, GPS consent) is answered quietly
 * unless the test answers it itself.
 */
export function serveContract(handlers: Handlers = {}, outside: OutsideHandlers = {}): ContractServer {
  const answers: Handlers = { ...quietShell, ...handlers };
  const calls: ContractCall[] = [];
  let problems: string[] = [];
  const refuse = (message: string): never => {
    problems.push(message);
    throw new ContractRefusal(message);
  };

  const fetchReplacement = async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    // As fetch does: a request whose signal is aborted already never leaves.
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    if (signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    try {
      return await answer(input, init);
    } catch (error) {
      // A refusal is recorded already; anything else is a broken fake (or check), named as well.
      if (!(error instanceof ContractRefusal) && !(error instanceof Offline)) problems.push(`the fake API failed: ${error instanceof Error ? error.stack : String(error)}`);
      throw error;
    }
  };

  const answer = async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    const request =
      input instanceof Request ? (init ? new Request(input, init) : input) : new Request(new URL(String(input), window.location.href), init);
    const url = new URL(request.url);
    if (url.pathname in outside) return outside[url.pathname](request);
    const found = findOperation(request.method, url.pathname);
    if (!found) return refuse(`${request.method} ${url.pathname} is not an operation of the contract`);
    const { info, params } = found;

    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.clone().text();
    let body: unknown;
    if (text && !info.multipart) {
      try {
        body = JSON.parse(text);
      } catch {
        return refuse(`${info.operationId}: the body is not JSON`);
      }
    }
    const call: ContractCall = { operationId: info.operationId, request, url, query: readQuery(url), body };
    calls.push(call);

    const requestProblems = checkRequest(info, request, params, body);
    if (requestProblems.length > 0) return refuse(requestProblems.join('; '));

    const given = answers[info.operationId] as Answer<OperationId> | undefined;
    if (given === undefined) return refuse(`no answer for ${info.operationId} (${info.method} ${info.path}): give one to serveContract`);
    const value = typeof given === 'function' ? await (given as (c: ContractCall) => unknown)(call) : given;
    const reply = value instanceof Reply ? value : new Reply(successStatus(info), envelope(value));
    const response = toResponse(reply);
    if (!reply.unchecked) {
      const responseProblems = checkResponse(info.method, request.url, reply.status, response.headers.get('Content-Type') ?? '', reply.body);
      if (responseProblems.length > 0) return refuse(`the fake answer of ${info.operationId} is outside the contract: ${responseProblems.join('; ')}`);
    }
    return response;
  };

  configureApiClient();
  // Node's Request needs an absolute URL; the browser resolves '' against the page.
  client.setConfig({ baseUrl: 'http://localhost' });
  vi.stubGlobal('fetch', fetchReplacement);
  const server: ContractServer = {
    calls: (operationId) => (operationId ? calls.filter((c) => c.operationId === operationId) : [...calls]),
    use: (more) => Object.assign(answers, more),
    takeProblems: () => {
      const taken = problems;
      problems = [];
      return taken;
    },
  };
  active = server;
  return server;
}
