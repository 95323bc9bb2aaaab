/**
 * The Auth module's public face: sign-up, sign-in, sessions, links, passkeys and external logins.
 * Other modules use the service, the user's language and the wording of a spent link from here,
 * and answer a new session over HTTP as Auth does (`clientOf`, `sendSession`).
 */
export { authHandlers } from './auth.handlers';
export { appleCallbackRoute } from './apple-callback';
export { AuthService, type Client, type IssuedSession } from './auth.service';
export { WebAuthnService } from './webauthn.service';
export { ExternalLoginService } from './external-login.service';
export { langOf, linkError } from './links.service';
export { clientOf, sendSession } from './session-reply';
