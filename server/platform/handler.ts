/**
 * What a module gets from the server: its dependencies (built once in app.ts) and the shape of an
 * operation's handler. Modules import these from here, never from app.ts, so no module depends on
 * the entry point that assembles them.
 */
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Config } from './config';
import type { Database } from '../db/database';
import type { TokenService } from './auth';
import type { Metrics } from './metrics';
import type { Mailer } from './mail';
import type { Jobs } from './jobs';
import type { RateLimiter } from './rate-limit';
import type { FileStorage } from './storage';
import type { Clock } from './clock';
import type { OperationId } from './contract';

export interface Deps {
  config: Config;
  database: Database;
  tokens: TokenService;
  metrics: Metrics;
  mailer: Mailer;
  /** Background jobs: mails, cleanup (server/platform/jobs.ts, decision 0040). */
  jobs: Jobs;
  rateLimiter: RateLimiter;
  /** Photos, signatures and PDFs (server/platform/storage.ts). */
  storage: FileStorage;
  /** "Now" for business rules (server/platform/clock.ts). */
  clock: Clock;
}

/** A handler may type its request's body and query: the contract has validated them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type RouteHandler = (request: FastifyRequest<any>, reply: FastifyReply) => Promise<unknown>;

/** A module's handlers by operationId; `satisfies OperationHandlers` makes a misspelt id a compile error. */
export type OperationHandlers = Partial<Record<OperationId, RouteHandler>>;

/** Route options a module may set for one of its operations; handler and auth stay with app.ts. */
export type OperationRouteOptions = Pick<RouteOptions, 'bodyLimit' | 'preParsing'>;

/** A module's route options by operationId. */
export type OperationRouteOptionsMap = Partial<Record<OperationId, OperationRouteOptions>>;
