/**
 * Settings the server hands over before the app starts (`/app-config.js`, loaded by index.html):
 * which external sign-ins exist and where they start, and whether development tools (the mail
 * outbox) are on. Without the script (Prism mock, component tests) everything is off.
 */
export interface ExternalProviderConfig {
  clientId: string;
  authUrl: string;
}

export interface AppConfig {
  google?: ExternalProviderConfig | null;
  apple?: ExternalProviderConfig | null;
  development?: boolean;
}

declare global {
  interface Window {
    __FIELDBOOK_CONFIG__?: AppConfig;
  }
}

function isProvider(value: unknown): value is ExternalProviderConfig {
  const v = value as Partial<ExternalProviderConfig> | null;
  return typeof v?.clientId === 'string' && !!v.clientId && typeof v.authUrl === 'string' && /^https?:\/\//.test(v.authUrl);
}

export function readAppConfig(source: unknown = typeof window === 'undefined' ? undefined : window.__FIELDBOOK_CONFIG__): AppConfig {
  if (typeof source !== 'object' || source === null) return {};
  const raw = source as Record<string, unknown>;
  return {
    google: isProvider(raw.google) ? raw.google : null,
    apple: isProvider(raw.apple) ? raw.apple : null,
    development: raw.development === true,
  };
}
