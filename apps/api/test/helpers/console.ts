import type { ApiResponse } from './app.js';

export interface ConsoleCallOptions {
  query?: Record<string, string | number | boolean | Array<string | number>>;
  body?: unknown;
  /** A multipart body (an upload), sent as the browser sends a form: its own content type and boundary. */
  form?: FormData;
  /** Leave out the X-CSRF-Token a signed-in browser sends on changes (to see the refusal). */
  withoutCsrf?: boolean;
  headers?: Record<string, string>;
}

/** One browser of a staff member: it keeps the session cookie and sends the CSRF token on changes, as the console does. */
export interface StaffBrowser {
  signIn(email: string, password: string, totp?: string): Promise<ApiResponse>;
  call<T = any>(method: string, path: string, options?: ConsoleCallOptions): Promise<ApiResponse<T>>;
  /** The session cookie as the browser holds it (null when signed out). */
  cookie(): string | null;
  csrfToken(): string | null;
}

const COOKIE = 'voltin_console_session';

/** A browser on the console's server at `consoleUrl`; paths are under /ops/api/v1. */
export function staffBrowser(consoleUrl: string): StaffBrowser {
  let cookie: string | null = null;
  let csrf: string | null = null;

  async function call(method: string, path: string, options: ConsoleCallOptions = {}): Promise<ApiResponse> {
    const url = new URL(`/ops/api/v1${path}`, consoleUrl);
    for (const [key, value] of Object.entries(options.query ?? {}))
      for (const v of [value].flat()) url.searchParams.append(key, String(v));
    const headers: Record<string, string> = { ...options.headers };
    if (cookie) headers.cookie = `${COOKIE}=${cookie}`;
    if (csrf && !options.withoutCsrf && method !== 'GET') headers['x-csrf-token'] = csrf;
    let body: string | FormData | undefined = options.form;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await fetch(url, { method, headers, body });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name, value = ''] = pair.split('=');
      if (name === COOKIE)
        cookie = value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line) ? null : value;
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {}
    const answer = { status: response.status, headers: response.headers, body: parsed as any };
    if (answer.body?.data?.csrfToken) csrf = answer.body.data.csrfToken;
    return answer;
  }

  return {
    call,
    signIn: (email, password, totp) =>
      call('POST', '/session', { body: { email, password, ...(totp ? { totp } : {}) } }),
    cookie: () => cookie,
    csrfToken: () => csrf,
  };
}

/** A browser signed in as `email`; fails the test when the sign-in does not succeed. */
export async function signedIn(consoleUrl: string, email: string, password: string): Promise<StaffBrowser> {
  const browser = staffBrowser(consoleUrl);
  const response = await browser.signIn(email, password);
  if (response.status !== 200)
    throw new Error(`sign-in of ${email} failed: ${JSON.stringify(response.body)}`);
  return browser;
}
