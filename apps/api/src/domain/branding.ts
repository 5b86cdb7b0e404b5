/**
 * How a brand's sites (the self-service site, an enrollment wizard) look and speak: its logo, two colours, its legal
 * pages and the language a visitor starts in. The company file sets them; `GET /brands` answers them.
 */

/** A CSS colour as `#rrggbb` (either case). */
export const HEX_COLOUR_PATTERN = '^#[0-9a-fA-F]{6}$';

/** The languages a brand's site can open in: those Voltin writes to customers in (the reference `languages`). */
export const SITE_LANGUAGES = ['en', 'es'] as const;
export type SiteLanguage = (typeof SITE_LANGUAGES)[number];

/**
 * Where the public port serves the brand logos kept with Voltin (`apps/api/brand-logos`): a brand's `logo_url` may
 * be such a path, answered as an absolute URL on PUBLIC_BASE_URL, or an absolute https URL of the company's own.
 */
export const BRAND_LOGO_PATH = '/brand-logos/';
/** The name of a logo file there (a pattern without anchors): lowercase letters, digits and dashes, an SVG or a PNG. */
export const BRAND_LOGO_FILE = '[a-z0-9][a-z0-9-]{0,62}\\.(svg|png)';

/** A brand's look until its company file says otherwise. */
export const BRANDING_DEFAULTS = {
  logo_url: '',
  primary_color: '#1f4e79',
  accent_color: '#f2a900',
  terms_url: '',
  privacy_url: '',
  default_language: 'en',
} as const satisfies Record<string, string>;
