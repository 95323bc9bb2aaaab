/** Handlers of the Auth calls: read the validated request, call the service, shape the answer. */
import type { FastifyRequest } from 'fastify';
import type { OperationHandlers } from '../../platform/handler';
import type { OperationBody as Body, OperationQuery as Query } from '../../platform/contract';
import { ok } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { contextOf } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { clientOf, REFRESH_COOKIE, sendSession } from './session-reply';

const services = (request: FastifyRequest) => request.server.services;
const message = (request: FastifyRequest, key: string) => translate(request.lang, key);

export const authHandlers = {
  authSignUp: async (request: Body<'authSignUp'>, reply) =>
    sendSession(request, reply, await services(request).auth.signUp(request.body, clientOf(request))),

  authSignIn: async (request: Body<'authSignIn'>, reply) =>
    sendSession(request, reply, await services(request).auth.signIn(request.body, clientOf(request))),

  authRefreshToken: async (request: Body<'authRefreshToken'>, reply) =>
    sendSession(request, reply, await services(request).auth.refresh(request.body.token, clientOf(request))),

  authRefreshTokenFromCookie: async (request, reply) => {
    const token = request.cookies[REFRESH_COOKIE];
    if (!token) throw new AppError('UNAUTHORIZED', 'UNAUTHORIZED');
    return sendSession(request, reply, await services(request).auth.refresh(token, clientOf(request)));
  },

  authHandleGoogleLogin: async (request: Body<'authHandleGoogleLogin'>, reply) =>
    sendSession(request, reply, await services(request).external.signIn('google', request.body, clientOf(request))),

  authHandleAppleLogin: async (request: Body<'authHandleAppleLogin'>, reply) =>
    sendSession(request, reply, await services(request).external.signIn('apple', request.body, clientOf(request))),

  authChangePassword: async (request: Body<'authChangePassword'>) => {
    await services(request).auth.links.changePassword(contextOf(request), request.body);
    return ok(null, message(request, 'auth.passwordChanged'));
  },

  authConfirmTerms: async (request: Body<'authConfirmTerms'>, reply) =>
    sendSession(request, reply, await services(request).auth.confirmTerms(contextOf(request), request.body.consents)),

  authResendConfirmationEmail: async (request) => ok(await services(request).auth.links.resendConfirmation(contextOf(request))),

  authConfirmEmail: async (request: Query<'authConfirmEmail'>, reply) => {
    const location = await services(request).auth.links.confirmEmail(request.query.userId, request.query.token);
    return reply.header('Cache-Control', 'no-store').redirect(location, 302);
  },

  authForgotPassword: async (request: Body<'authForgotPassword'>) => {
    await services(request).auth.links.forgotPassword(request.body.email, clientOf(request));
    return ok(null, message(request, 'auth.resetMailSent'));
  },

  authResetPassword: async (request: Body<'authResetPassword'>) => {
    await services(request).auth.links.resetPassword(request.body);
    return ok(null, message(request, 'auth.passwordReset'));
  },

  authWebAuthnRegisterBegin: async (request: Body<'authWebAuthnRegisterBegin'>) =>
    ok(await services(request).webauthn.registerBegin(request.body, clientOf(request))),

  authWebAuthnRegisterComplete: async (request: Body<'authWebAuthnRegisterComplete'>, reply) =>
    sendSession(request, reply, await services(request).webauthn.registerComplete(request.body, clientOf(request))),

  authWebAuthnLoginBegin: async (request) => ok(await services(request).webauthn.loginBegin()),

  authWebAuthnLoginComplete: async (request: Body<'authWebAuthnLoginComplete'>, reply) =>
    sendSession(request, reply, await services(request).webauthn.loginComplete(request.body, clientOf(request))),

  authWebAuthnGetKeys: async (request) => {
    const keys = await services(request).webauthn.listKeys(contextOf(request));
    return ok({
      totalCount: keys.length,
      page: 1,
      pageSize: Math.max(keys.length, 1),
      items: keys.map(passkeyDto),
    });
  },

  authWebAuthnAddKeyBegin: async (request: Body<'authWebAuthnAddKeyBegin'>) =>
    ok(await services(request).webauthn.addKeyBegin(contextOf(request), request.body ?? {})),

  authWebAuthnAddKeyComplete: async (request: Body<'authWebAuthnAddKeyComplete'>) =>
    ok(passkeyDto(await services(request).webauthn.addKeyComplete(contextOf(request), request.body)), message(request, 'common.saved')),

  authWebAuthnDeleteKey: async (request: Body<'authWebAuthnDeleteKey'>) => {
    await services(request).webauthn.deleteKey(contextOf(request), request.body.id);
    return ok(null, message(request, 'common.saved'));
  },
} satisfies OperationHandlers;

function passkeyDto(k: { id: string; deviceName: string; createdAt: Date; lastUsedAt: Date | null }) {
  return { id: k.id, deviceName: k.deviceName, createdAtUtc: k.createdAt.toISOString(), lastUsedAtUtc: k.lastUsedAt?.toISOString() ?? null };
}
