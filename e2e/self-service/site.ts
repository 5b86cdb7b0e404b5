import { siteURL } from '../environment';

export { expectAccessible } from '../accessibility';

/** The sandbox's self-service customer (README). */
export const DEMO_CUSTOMER = { username: 'demo.customer', password: 'Demo-Password-1' } as const;

export const sitePage = (path = '/') => new URL(path, siteURL).toString();

/** The sizes every screen must work at: a small phone (360 px wide) and a desktop. */
export const PHONE = { width: 360, height: 740 } as const;
export const DESKTOP = { width: 1280, height: 900 } as const;
