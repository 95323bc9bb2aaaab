/**
 * buildServer(): Fastify with the contract's routes. Requests are validated and responses
 * serialised by the contract's schemas; each operation's security and `x-roles` are enforced
 * before its handler runs; operations without a handler answer 501 FEATURE_NOT_IMPLEMENTED.
 */
import path from 'node:path';
import crypto from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type HookHandlerDoneFunction, type RouteOptions } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import fastifyStatic from '@fastify/static';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { loadAppShell } from './platform/app-shell';
import { lazySchemaCompilers } from './platform/schema-compilers';
import { AppError, errorEnvelope, handleError, notImplemented } from './platform/errors';
import { pickLanguage, translate, type Lang } from './platform/i18n';
import { indexOperations, loadContract, type OperationId, type OperationInfo } from './platform/contract';
import { readBearer, readDeviceId, TokenService, type AuthContext } from './platform/auth';
import { handlers, routeOptions } from './modules';
import { healthRoutes, appConfigRoute } from './modules/health';
import { appleCallbackRoute } from './modules/auth';
import { isApiKey, type ApiKeyCaller } from './modules/api-keys';
import { apiDocsRoutes } from './platform/api-docs';
import { systemClock } from './platform/clock';
import { Metrics } from './platform/metrics';
import { Mailer } from './platform/mail';
import { Jobs } from './platform/jobs';
import { RateLimiter } from './platform/rate-limit';
import { createServices, type Services } from './modules/services';
import type { Deps } from './platform/handler';
import { developmentRoutes } from './modules/development';
import { fromRoot } from './platform/paths';
import { createFileStorage } from './platform/storage';
import type { OpenedTransaction } from './db/database';
import { registerSecurityHeaders } from './platform/security-headers';
import { abandonIdempotent, finishIdempotent, idempotencyPreHandler, type IdempotencyState } from './platform/idempotency';
import {
  addStrictDateFormats,
  clientError,
  frameworkError,
  refuseBadText,
  refuseUndeclaredMediaType,
} from './platform/request-guards';

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
    services: Services;
    /** Compiles every lazily compiled validator and serializer now (tests); returns how many. */
    compileAllSchemas: () => number;
    /**
     * Where the process is in its life, for `/ready`: `starting` until the server and its job queue
     * are up, `ready`, then `draining` from SIGTERM on (main.ts).
     */
    lifecycle: { state: 'starting' | 'ready' | 'draining' };
  }
  interface FastifyRequest {
    auth?: AuthContext;
    lang: Lang;
    operation?: OperationInfo;
    /** The tenant transaction the session check began, on offer to the handler (`offerSessionTransaction`). */
    sessionTransaction?: OpenedTransaction;
    /** The call's idempotency key and its held transaction (platform/idempotency.ts). */
    idempotency?: IdempotencyState;
  }
}


function makeAjv(coerce: boolean) {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    coerceTypes: coerce ? 'array' : false,
    // Required means required: a default in the contract documents, it does not fill in.
    useDefaults: false,
    removeAdditional: false,
  });
  addFormats.default(ajv);
  addStrictDateFormats(ajv);
  for (const format of ['binary', 'byte', 'int32', 'int64', 'float', 'double', 'password']) ajv.addFormat(format, true);
  return ajv;
}

/** `logStream`: where the log goes instead of standard output (tests read what was logged). */
export async function buildServer(deps: Pick<Deps, 'config' | 'database'> & Partial<Deps>, options: { logStream?: { write(line: string): void } } = {}): Promise<FastifyInstance> {
  const { config } = deps;
  const appDir = fromRoot('dist');
  const metrics = deps.metrics ?? new Metrics(deps.database.counts, deps.database.pool);
  const mailer = deps.mailer ?? new Mailer(config);
  const clock = deps.clock ?? systemClock;
  const baseDeps: Omit<Deps, 'jobs'> = {
    ...deps,
    tokens: deps.tokens ?? new TokenService(config.jwtSecret, config.jwtIssuer, config.accessTokenSeconds),
    metrics,
    mailer,
    rateLimiter: deps.rateLimiter ?? new RateLimiter(deps.database.pool),
    storage: deps.storage ?? createFileStorage(config),
    clock,
  };
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'], ...(options.logStream ? { stream: options.logStream } : {}) },
    bodyLimit: config.bodyLimitBytes,
    // boolean or hop count; the cast only narrows the overloads of Fastify's typings
    trustProxy: config.trustProxy as boolean,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : crypto.randomUUID();
    },
    ajv: { customOptions: { strict: false } },
    // Too long a path segment, too large headers and the like answer with the envelope too.
    frameworkErrors: frameworkError,
    clientErrorHandler: clientError,
  });
  const jobs = deps.jobs ?? new Jobs({ database: deps.database, mailer, metrics, clock, config: config.jobs, log: app.log });
  const fullDeps: Deps = { ...baseDeps, jobs };
  // The queue starts with the server and stops after it: requests in flight finish first, then
  // running jobs may finish or are handed back (decision 0040).
  app.decorate('lifecycle', { state: 'starting' as 'starting' | 'ready' | 'draining' });
  app.addHook('onReady', async () => {
    await jobs.start();
    app.lifecycle.state = 'ready';
  });
  app.addHook('onClose', () => jobs.stop(config.shutdown.timeoutSeconds * 1000));
  app.decorate('deps', fullDeps);
  app.decorate('services', createServices(fullDeps));
  app.decorateRequest('auth', undefined);
  app.decorateRequest('lang', 'de');
  app.decorateRequest('operation', undefined);
  app.decorateRequest('sessionTransaction', undefined);
  app.decorateRequest('idempotency', undefined);

  // Body and query are validated by different rules: query strings need coercion, bodies must
  // already have the right types.
  // Both compiled on an operation's first call, not at start (platform/schema-compilers.ts).
  const compilers = lazySchemaCompilers(makeAjv(false), makeAjv(true));
  app.setValidatorCompiler(compilers.validatorCompiler);
  app.setSerializerCompiler(compilers.serializerCompiler);
  app.decorate('compileAllSchemas', compilers.compileAll);
  app.setErrorHandler(handleError);

  await app.register(fastifyCookie, { secret: config.cookieSecret });
  await app.register(fastifyMultipart, { limits: { fileSize: 25 * 1024 * 1024, files: 1, fields: 200 } });

  // Callback hooks where nothing is awaited: every request passes them (decision 0051).
  app.addHook('onRequest', (request, reply, done) => {
    request.lang = pickLanguage(request.headers['accept-language']);
    reply.header('X-Request-Id', request.id);
    done();
  });
  // Text no column can hold is refused for every route, before the contract's schemas.
  app.addHook('preValidation', refuseBadText);
  app.addHook('onResponse', (request, reply, done) => {
    fullDeps.metrics.record(request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime);
    // A job this request sent is committed now: the worker of this process takes it at once.
    const finish = () => {
      jobs.nudge();
      done();
    };
    // Every call an API key made, allowed or refused by its handler, goes into the audit trail.
    if (request.auth?.apiKeyId && request.operation) {
      const { operationId, method, path: route } = request.operation;
      app.services.apiKeys
        .recordCall(request.auth as ApiKeyCaller, { operationId, method, path: route, status: reply.statusCode })
        .catch((error: unknown) => request.log.error({ err: error }, 'audit of an API key call failed'))
        .finally(finish);
      return;
    }
    finish();
  });
  registerSecurityHeaders(app, config, path.join(appDir, 'index.html'));

  // Multipart bodies are parsed by their handlers (streams with size limits), not by Ajv.
  app.addHook('onRoute', (route) => {
    const body = route.schema?.body as { content?: Record<string, unknown> } | undefined;
    if (body?.content && 'multipart/form-data' in body.content) {
      delete route.schema!.body;
    }
  });

  const operations = indexOperations(loadContract());
  await app.register(openapiGlue, {
    specification: loadContract(),
    operationResolver: (operationId: string) => {
      const info = operations.get(operationId as OperationId);
      if (!info) throw new Error(`operation ${operationId} missing from the index`);
      const handler = handlers[info.operationId];
      // Authentication comes before the body is parsed and validated. A module may set Fastify
      // route options of its operations (e.g. a larger `bodyLimit` for imports).
      // A change the app may queue offline runs with its idempotency key (decision 0033).
      const idempotent = info.idempotent
        ? { preHandler: [idempotencyPreHandler], onSend: [finishIdempotent], onResponse: [abandonIdempotent] }
        : {};
      return {
        ...routeOptions[info.operationId],
        ...idempotent,
        onRequest: [authorize(info), refuseUndeclaredMediaType(info), offerSessionTransaction].filter((hook) => hook !== undefined),
        handler: handler ?? (async () => Promise.reject(notImplemented())),
      } as unknown as RouteOptions;
    },
  });

  await app.register(healthRoutes);
  await app.register(appConfigRoute);
  await app.register(appleCallbackRoute);
  await app.register(developmentRoutes);
  await app.register(apiDocsRoutes);

  const appShell = config.serveApp ? loadAppShell(appDir) : undefined;
  const serveApp = appShell !== undefined;
  if (serveApp) {
    await app.register(fastifyStatic, {
      root: appDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset; sent as they are when the client takes them.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => {
        // Hashed names change with their content: cached for a year. Everything else is checked each time.
        const hashed = file.startsWith(path.join(appDir, 'assets') + path.sep);
        reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0];
    if (url === '/api' || url.startsWith('/api/') || !serveApp || !['GET', 'HEAD'].includes(request.method)) {
      return reply.status(404).send(errorEnvelope('NOT_FOUND', translate(request.lang, 'api.notFound')));
    }
    // Deep links of the single-page app: every other path serves the app, naming its route's files.
    const { body, encoding } = appShell!.answer(url, request.headers['accept-encoding']);
    reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply.send(body);
  });

  return app;
}

/**
 * The last onRequest hook of an operation: what follows (validation, the handler, the services it
 * calls) runs with the session check's transaction on offer to `withTenant`. A callback hook, so
 * that everything after `done` runs inside `offerOpened`.
 */
function offerSessionTransaction(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
  const opened = request.sessionTransaction;
  if (!opened) return done();
  request.server.deps.database.offerOpened(opened, done);
}

/** Authentication (bearer, device id) and the role check of one operation. */
function authorize(info: OperationInfo) {
  return async (request: FastifyRequest) => {
    request.operation = info;
    const bearer = readBearer(request);
    // An API key (decision 0039) needs no device id; the key's own checks decide.
    if (bearer && isApiKey(bearer)) {
      request.auth = await request.server.services.apiKeys.authenticate(bearer, info, request.lang);
      return;
    }
    const deviceId = readDeviceId(request);
    if (info.needsDevice && !deviceId) {
      throw new AppError('UNAUTHORIZED', 'device.missing');
    }
    if (!bearer) {
      if (info.needsBearer) throw new AppError('UNAUTHORIZED');
      return;
    }
    if (!info.needsBearer) return;
    const claims = await request.server.deps.tokens.verify(bearer);
    // Logout, a password change, an archive or a new role count at once, not at token expiry: the
    // role is the one stored now, not the one in the token.
    // A call without a body reaches its handler in the same turn of the event loop: its session
    // check begins the tenant transaction the handler goes on with (Database.openTenant), one round
    // trip less. A body arrives later; holding a connection while it does would be wasteful.
    const services = request.server.services;
    const hold = info.bodyTypes.length === 0;
    const { role, licenseRefusal, opened } = await services.auth.assertSessionOpen(claims.tenantId, claims.sessionId, claims.userId, hold);
    request.sessionTransaction = opened;
    request.auth = { ...claims, role, deviceId: deviceId ?? '' };
    request.lang = claims.lang;
    // Licensing counts for every call, not only at sign-in; the few license-free calls fix it.
    if (licenseRefusal && !info.licenseFree) {
      throw await services.subscription.refusalError(licenseRefusal, role, claims.tenantId);
    }
    if (info.roles.length > 0 && !info.roles.includes(role)) {
      throw new AppError('FORBIDDEN');
    }
  };
}
