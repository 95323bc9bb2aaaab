/**
 * Passkeys with @simplewebauthn/server: sign-up with a passkey instead of a password, sign-in
 * with a discoverable credential (no e-mail typed), adding, listing and deleting keys.
 * Challenges live in `auth_challenges` for five minutes and are used once.
 */
import crypto from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Deps } from '../../platform/handler';
import { AppError, notFound } from '../../platform/errors';
import type { RequestContext } from '../../platform/context';
import * as repo from './auth.repository';
import type { AuthService, Client, IssuedSession } from './auth.service';
import { tenantNameFromEmail } from './tokens';
import type { BodyOf } from '../../platform/contract';
import { inTenant } from '../../platform/tenant-transaction';
import * as accounts from '../../db/accounts';

const CHALLENGE_SECONDS = 300;

const uuidToBytes = (uuid: string) => new Uint8Array(Buffer.from(uuid.replace(/-/g, ''), 'hex'));
function bytesToUuid(bytes: Buffer) {
  const hex = bytes.toString('hex');
  if (hex.length !== 32) return undefined;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const invalid = () => new AppError('PASSKEY_INVALID', 'auth.passkeyInvalid');

export class WebAuthnService {
  constructor(
    private readonly deps: Deps,
    private readonly auth: AuthService,
  ) {}

  private get rp() {
    return this.deps.config.webauthn;
  }

  private async saveChallenge(kind: string, challenge: string, payload: Record<string, unknown>) {
    return repo.saveChallenge(this.deps.database.db, {
      kind,
      challenge,
      payload,
      expiresAt: new Date(Date.now() + CHALLENGE_SECONDS * 1000),
    });
  }

  /** Takes a challenge once: a second use, another kind or an expired one finds nothing. */
  private async takeChallenge(id: string, kind: string) {
    const row = await repo.takeChallenge(this.deps.database.db, id, kind);
    if (!row) throw new AppError('PASSKEY_TIMEOUT', 'auth.passkeyInvalid');
    return row;
  }

  private async verifyRegistration(response: BodyOf<'authWebAuthnRegisterComplete'>['response'], challenge: string) {
    try {
      const result = await verifyRegistrationResponse({
        // The contract checked the shape; the library checks every value.
        response: response as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: this.rp.origin,
        expectedRPID: this.rp.rpId,
        requireUserVerification: false,
      });
      if (!result.verified) throw invalid();
      return result.registrationInfo;
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw invalid();
    }
  }

  // ---- sign-up with a passkey ----

  async registerBegin(body: BodyOf<'authWebAuthnRegisterBegin'>, client: Client) {
    if (!body.termsConfirmed) {
      throw new AppError('TERMS_NOT_ACCEPTED', 'auth.termsRequired', { fieldErrors: { termsConfirmed: ['auth.termsRequired'] } });
    }
    if (await accounts.findAccountByEmail(this.deps.database.pool, body.email)) {
      throw new AppError('EMAIL_ALREADY_REGISTERED', 'auth.emailTaken', { fieldErrors: { email: ['auth.emailTaken'] } });
    }
    await this.auth.countSignUp(client);
    const userId = crypto.randomUUID();
    const options = await generateRegistrationOptions({
      rpName: this.rp.rpName,
      rpID: this.rp.rpId,
      userName: body.email,
      userID: uuidToBytes(userId),
      attestationType: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      timeout: CHALLENGE_SECONDS * 1000,
    });
    const challengeId = await this.saveChallenge('register', options.challenge, {
      userId,
      email: body.email,
      tenantName: body.tenantName?.trim() || tenantNameFromEmail(body.email),
      language: body.language ?? client.lang,
    });
    return { challengeId, options };
  }

  async registerComplete(body: BodyOf<'authWebAuthnRegisterComplete'>, client: Client): Promise<IssuedSession> {
    const challenge = await this.takeChallenge(body.challengeId, 'register');
    const info = await this.verifyRegistration(body.response, challenge.challenge);
    const p = challenge.payload as { userId: string; email: string; tenantName: string; language: 'de' | 'en' };
    return this.auth.createTenantWithOwner(
      {
        userId: p.userId,
        email: p.email,
        tenantName: p.tenantName,
        language: p.language,
        passwordHash: null,
        termsConfirmed: true,
        emailConfirmed: false,
      },
      client,
      async (tx, user) => {
        await repo.insertPasskey(tx, {
          tenantId: user.tenantId,
          userId: user.id,
          credentialId: info.credential.id,
          publicKey: Buffer.from(info.credential.publicKey),
          counter: info.credential.counter,
          transports: info.credential.transports ?? [],
          deviceName: body.deviceName,
        });
      },
    );
  }

  // ---- sign-in with a passkey ----

  async loginBegin() {
    const options = await generateAuthenticationOptions({
      rpID: this.rp.rpId,
      userVerification: 'preferred',
      timeout: CHALLENGE_SECONDS * 1000,
    });
    const challengeId = await this.saveChallenge('login', options.challenge, {});
    return { challengeId, options };
  }

  async loginComplete(body: BodyOf<'authWebAuthnLoginComplete'>, client: Client): Promise<IssuedSession> {
    const challenge = await this.takeChallenge(body.challengeId, 'login');
    const handle = body.response.response?.userHandle;
    const userId = handle ? bytesToUuid(Buffer.from(handle, 'base64url')) : undefined;
    const tenantId = userId ? await accounts.findTenantOfUser(this.deps.database.pool, userId) : undefined;
    if (!userId || !tenantId) throw invalid();
    return inTenant(this.deps.database, { tenantId }, async (tx) => {
      const key = await repo.findPasskeyByCredential(tx, body.response.id);
      const user = await accounts.getUser(tx, userId);
      if (!key || !user || key.userId !== user.id) throw invalid();
      let result;
      try {
        result = await verifyAuthenticationResponse({
          // The contract checked the shape; the library checks every value (attachment, user handle).
          response: body.response as AuthenticationResponseJSON,
          expectedChallenge: challenge.challenge,
          expectedOrigin: this.rp.origin,
          expectedRPID: this.rp.rpId,
          requireUserVerification: false,
          credential: {
            id: key.credentialId,
            publicKey: new Uint8Array(key.publicKey),
            counter: key.counter,
            transports: key.transports as never,
          },
        });
      } catch {
        throw invalid();
      }
      if (!result.verified) throw invalid();
      if (user.archived) throw new AppError('USER_ARCHIVED', 'auth.userArchived');
      await repo.updatePasskeyUse(tx, key.id, result.authenticationInfo.newCounter);
      return this.auth.openSession(tx, user, client);
    });
  }

  // ---- keys of a signed-in user ----

  async addKeyBegin(ctx: RequestContext, body: NonNullable<BodyOf<'authWebAuthnAddKeyBegin'>>) {
    const { user, keys } = await inTenant(this.deps.database, ctx, async (tx) => ({
      user: await accounts.getUser(tx, ctx.userId),
      keys: await repo.listPasskeys(tx, ctx.userId),
    }));
    if (!user) throw new AppError('UNAUTHORIZED');
    const options = await generateRegistrationOptions({
      rpName: this.rp.rpName,
      rpID: this.rp.rpId,
      userName: user.email,
      userID: uuidToBytes(user.id),
      attestationType: 'none',
      excludeCredentials: keys.map((k) => ({ id: k.credentialId, transports: k.transports })),
      authenticatorSelection: {
        residentKey: 'required',
        userVerification: 'preferred',
        ...(body.authenticatorAttachment ? { authenticatorAttachment: body.authenticatorAttachment } : {}),
      },
      timeout: CHALLENGE_SECONDS * 1000,
    });
    const challengeId = await this.saveChallenge('add', options.challenge, { userId: ctx.userId, tenantId: ctx.tenantId });
    return { challengeId, options };
  }

  async addKeyComplete(ctx: RequestContext, body: BodyOf<'authWebAuthnAddKeyComplete'>) {
    const challenge = await this.takeChallenge(body.challengeId, 'add');
    const p = challenge.payload as { userId: string; tenantId: string };
    if (p.userId !== ctx.userId || p.tenantId !== ctx.tenantId) throw invalid();
    const info = await this.verifyRegistration(body.response, challenge.challenge);
    return inTenant(this.deps.database, ctx, async (tx) => {
      if (await repo.findPasskeyByCredential(tx, info.credential.id)) {
        throw new AppError('PASSKEY_EXISTS', 'auth.passkeyExists');
      }
      return repo.insertPasskey(tx, {
        tenantId: ctx.tenantId,
        userId: ctx.userId,
        credentialId: info.credential.id,
        publicKey: Buffer.from(info.credential.publicKey),
        counter: info.credential.counter,
        transports: info.credential.transports ?? [],
        deviceName: body.deviceName,
      });
    });
  }

  async listKeys(ctx: RequestContext) {
    return inTenant(this.deps.database, ctx, (tx) => repo.listPasskeys(tx, ctx.userId));
  }

  async deleteKey(ctx: RequestContext, id: string) {
    await inTenant(this.deps.database, ctx, async (tx) => {
      const [user, keys] = await Promise.all([accounts.getUser(tx, ctx.userId), repo.listPasskeys(tx, ctx.userId)]);
      if (!keys.some((k) => k.id === id)) throw notFound();
      if (keys.length === 1 && !user?.passwordHash) throw new AppError('CONFLICT', 'auth.passkeyLast');
      await repo.deletePasskey(tx, ctx.userId, id);
    });
  }
}
