/** The self-service site's settings, read once from the environment (the README's settings table lists them). */
export interface SiteConfig {
  host: string;
  port: number;
  /** Where the platform API is served, without `/api/v1`: the site reaches it over HTTP, through @voltin/sdk. */
  apiUrl: string;
  /**
   * Where browsers reach the API (its PUBLIC_BASE_URL): plan documents, brand logos and the sandbox gateway's card form
   * are served there, so the site's Content-Security-Policy lets pages load and frame them.
   */
  apiPublicUrl: string;
  /** The web service account the site calls as; it never reaches the browser. */
  credentials: { apiKey: string; apiSecret: string };
  /** The brand (`GET /brands/{systemName}`) this deployment shows; unset: the company's first active brand. */
  brand: string | null;
  /** Seals the customer's session cookie (AES-256-GCM); at least 32 characters. */
  sessionSecret: string;
  /** Sends the session cookie only over HTTPS (on unless the site is served on plain http://localhost). */
  secureCookies: boolean;
  production: boolean;
}

export class SiteConfigError extends Error {
  override readonly name = 'SiteConfigError';
}

/** The sandbox's public web service account (README): the default outside production only. */
const SANDBOX_CREDENTIALS = { apiKey: 'vlt_demo_key', apiSecret: 'vlt_demo_secret' };

function required(env: NodeJS.ProcessEnv, name: string, production: boolean, fallback: () => string): string {
  const value = env[name]?.trim();
  if (value) return value;
  if (production) throw new SiteConfigError(`${name} must be set in production (NODE_ENV=production).`);
  return fallback();
}

export function loadSiteConfig(env: NodeJS.ProcessEnv = process.env): SiteConfig {
  const production = env.NODE_ENV === 'production';
  const port = Number(env.SELF_SERVICE_PORT ?? 3002);
  if (!Number.isInteger(port) || port <= 0 || port > 65_535)
    throw new SiteConfigError(`SELF_SERVICE_PORT must be a port number, not "${env.SELF_SERVICE_PORT}".`);
  const apiUrl = required(env, 'VOLTIN_API_URL', production, () => `http://127.0.0.1:${env.PORT ?? 3000}`);
  const sessionSecret = required(env, 'SELF_SERVICE_SESSION_SECRET', production, () =>
    // Outside production a secret made at start is enough: a restart only signs customers out.
    crypto.randomUUID().repeat(2),
  );
  if (sessionSecret.length < 32)
    throw new SiteConfigError('SELF_SERVICE_SESSION_SECRET must be at least 32 characters long.');
  const apiPublicUrl =
    env.VOLTIN_API_PUBLIC_URL?.trim() ||
    env.PUBLIC_BASE_URL?.trim() ||
    `http://localhost:${env.PORT ?? 3000}`;
  return {
    host: env.HOST ?? '0.0.0.0',
    port,
    apiUrl: apiUrl.replace(/\/+$/, ''),
    apiPublicUrl: apiPublicUrl.replace(/\/+$/, ''),
    credentials: {
      apiKey: required(env, 'SELF_SERVICE_API_KEY', production, () => SANDBOX_CREDENTIALS.apiKey),
      apiSecret: required(env, 'SELF_SERVICE_API_SECRET', production, () => SANDBOX_CREDENTIALS.apiSecret),
    },
    brand: env.SELF_SERVICE_BRAND?.trim() || null,
    sessionSecret,
    secureCookies: env.SELF_SERVICE_SECURE_COOKIES ? env.SELF_SERVICE_SECURE_COOKIES === 'true' : production,
    production,
  };
}
