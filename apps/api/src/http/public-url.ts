import type { FastifyRequest } from 'fastify';

/**
 * The start of every absolute link the API builds: the configured PUBLIC_BASE_URL. Never the request's Host header
 * or protocol, which a caller (or a proxy in between) controls: a forged Host would otherwise put its own origin in
 * payment, document and download links.
 */
export const publicBaseUrl = (request: FastifyRequest): string => request.server.voltin.config.publicBaseUrl;
