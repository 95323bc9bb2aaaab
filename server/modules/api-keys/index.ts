/**
 * The ApiKeys module's public face (decision 0039): the firm's API keys. Beside handlers and
 * service, `isApiKey` tells `app.ts` which bearer is a key rather than a session token.
 */
export { apiKeysHandlers } from './api-keys.handlers';
export { ApiKeysService, type ApiKeyCaller } from './api-keys.service';
export { isApiKey } from './api-keys.rules';
