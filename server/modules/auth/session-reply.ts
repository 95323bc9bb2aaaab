/**
 * How a signed-in session is answered over HTTP, shared by the Auth and Users handlers: the client
 * of the request (device id, user agent, address, language) and the session answer with its
 * refresh-token cookie.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readDeviceId } from '../../platform/auth';
import { AppError, ok } from '../../platform/errors';
import type { Client, IssuedSession } from './auth.service';

export function clientOf(request: FastifyRequest): Client {
  const deviceId = readDeviceId(request);
  if (!deviceId) throw new AppError('UNAUTHORIZED', 'device.missing');
  return { deviceId, userAgent: request.headers['user-agent'], ip: request.ip, lang: request.lang };
}

/** The cookie that carries the refresh token. */
export const REFRESH_COOKIE = 'refreshToken';

/** The session answer; the refresh token also goes into an httpOnly cookie for RefreshTokenFromCookie. */
export function sendSession(request: FastifyRequest, reply: FastifyReply, issued: IssuedSession) {
  const { config } = request.server.deps;
  reply.setCookie(REFRESH_COOKIE, issued.refreshToken, {
    path: '/api/Auth',
    httpOnly: true,
    sameSite: 'strict',
    secure: config.publicUrl.startsWith('https://'),
    maxAge: config.refreshTokenDays * 24 * 3600,
  });
  return reply.send(ok(issued.session));
}
