import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { Config } from '../config/index.js';

type PagePolicy = Exclude<NonNullable<FastifyHelmetOptions['contentSecurityPolicy']>, boolean>;

const ONE_YEAR_SECONDS = 365 * 86_400;

/** The CSP source that allows exactly this inline script or style. */
export function cspHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

/**
 * The headers helmet sets on every answer. HSTS only when the public address is https: over plain http browsers
 * ignore it, and a local or sandbox server must stay reachable without TLS. The answers of the API are JSON, never
 * rendered as documents, so the Content-Security-Policy is set by the pages the server renders, each with its own
 * policy below.
 */
export function helmetOptions(config: Pick<Config, 'publicBaseUrl'>): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    hsts:
      new URL(config.publicBaseUrl).protocol === 'https:'
        ? { maxAge: ONE_YEAR_SECONDS, includeSubDomains: true }
        : false,
  };
}

/**
 * The hosted payment page: no script at all, its one inline style by hash, framed by nobody, and its card form
 * posts only to itself. The answer to that post redirects the browser to the link's return URLs, and browsers
 * check form-action on that redirect too, so their origins are listed.
 */
export function hostedPagePolicy(styleHash: string, returnOrigins: string[] = []): PagePolicy {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      styleSrc: [styleHash],
      formAction: ["'self'", ...new Set(returnOrigins)],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
    },
  };
}

/**
 * The sandbox payment gateway's hosted form, which a site shows in its own iframe, as it shows Authorize.Net's. With
 * an iframe communicator, only the communicator's origin may frame it (the site's page and its communicator share an
 * origin, or they could not talk), the form loads the communicator in a hidden frame to pass its messages on, and its
 * one script (by hash) measures the page for the resize message. Without one, any site may frame it, as it frames the
 * URL `paymentIframeUri` answers, and it runs no script. Its one inline style by hash; its forms post only to itself.
 */
export function sandboxGatewayFormPolicy(
  styleHash: string,
  communicator: { origin: string; scriptHash: string } | null,
): PagePolicy {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      styleSrc: [styleHash],
      scriptSrc: communicator ? [communicator.scriptHash] : ["'none'"],
      frameSrc: communicator ? [communicator.origin] : ["'none'"],
      formAction: ["'self'"],
      frameAncestors: communicator ? [communicator.origin] : ['*'],
      baseUri: ["'none'"],
    },
  };
}

/**
 * The documentation site: scripts from the site itself and the inline scripts of its built pages by hash (the
 * colour-mode script Docusaurus puts in every page). Styles may be inline: Docusaurus writes style attributes and
 * the diagrams and the search box add style elements at run time; a style cannot run code.
 */
export function docsSitePolicy(inlineScriptHashes: Iterable<string>): PagePolicy {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...inlineScriptHashes],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
    },
  };
}

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi;
/** Data blocks (JSON-LD) are not run, so no policy needs to allow them. */
const DATA_BLOCK = /\btype=["']?application\/(ld\+)?json/i;

/** The hashes of every inline script the built site's pages run, read from its HTML files. */
export async function inlineScriptHashes(root: string): Promise<Set<string>> {
  const files = (await readdir(root, { recursive: true })).filter((file) => file.endsWith('.html'));
  const hashes = new Set<string>();
  for (const file of files) {
    const html = await readFile(path.join(root, file), 'utf8');
    for (const [, attributes, source] of html.matchAll(INLINE_SCRIPT)) {
      if (!DATA_BLOCK.test(attributes!)) hashes.add(cspHash(source!));
    }
  }
  return hashes;
}

/**
 * The Operations console: its own scripts only, with the hashes of its page's inline scripts (Mantine's colour-scheme
 * script, which runs before the first paint); inline styles (Mantine sets style attributes); data: images (the QR
 * code of an authenticator); never framed, so no click can be stolen by a page that frames it.
 */
export function consolePolicy(inlineScriptHashes: Iterable<string>): PagePolicy {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...inlineScriptHashes],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  };
}
