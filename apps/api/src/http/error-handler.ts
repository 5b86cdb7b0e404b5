import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/client.js';
import { failure } from './envelope.js';
import { ApiError, ERROR_CODES, type ErrorCode } from './errors.js';

interface ValidationIssue {
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

function describeIssue(context: string, issue: ValidationIssue): string {
  const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const missing = issue.params.missingProperty;
  if (typeof missing === 'string')
    return `${[context, path, missing].filter(Boolean).join('.')}: is required`;
  const extra = issue.params.additionalProperty;
  if (typeof extra === 'string') return `${[context, path, extra].filter(Boolean).join('.')}: is not allowed`;
  const allowed = issue.params.allowedValues;
  const suffix = Array.isArray(allowed) ? ` (${allowed.join(', ')})` : '';
  return `${[context, path].filter(Boolean).join('.')}: ${issue.message ?? 'is invalid'}${suffix}`;
}

function uniqueIssues(context: string, issues: ValidationIssue[]): string[] {
  // Union schemas report one issue per branch; keep the sentences distinct.
  return [...new Set(issues.map((issue) => describeIssue(context, issue)))];
}

/** A database restart or failover takes a few seconds; clients wait this long before retrying. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Fastify's own request errors, turned into the envelope's codes. */
const FRAMEWORK_ERRORS: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_REQUEST',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MALFORMED_REQUEST',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_REQ_FILE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_FILES_LIMIT: 'VALIDATION_FAILED',
  FST_PARTS_LIMIT: 'VALIDATION_FAILED',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
};

function send(reply: FastifyReply, code: ErrorCode, message: string, errors: string[] = []) {
  return reply.status(ERROR_CODES[code].status).send(failure(code, message, errors, reply.request.id));
}

/**
 * Errors the router raises before any route runs (a malformed URL, a path parameter over the length limit): the
 * same envelope as everything else. Passed to Fastify as its `frameworkErrors` option.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return send(reply, 'VALIDATION_FAILED', 'A path parameter is too long.', [
      'params: longer than the limit',
    ]);
  }
  return send(reply, 'MALFORMED_REQUEST', 'The request URL cannot be read.');
}

export function handleErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ApiError) {
      // A partner that did not answer or refused Voltin is the operations team's to see, not only the caller's.
      if (error.status >= 500) request.log.warn({ code: error.code }, error.message);
      reply.headers(error.headers);
      return send(reply, error.code, error.message, error.details);
    }
    if (error.validation) {
      const errors = uniqueIssues(error.validationContext ?? '', error.validation as ValidationIssue[]);
      return send(reply, 'VALIDATION_FAILED', 'The request is invalid.', errors);
    }
    const frameworkCode = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (frameworkCode) return send(reply, frameworkCode, error.message);
    if (error.statusCode === 429) return send(reply, 'RATE_LIMITED', error.message);
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error without a Voltin code');
      return reply
        .status(error.statusCode)
        .send(failure('MALFORMED_REQUEST', 'The request could not be processed.', [], request.id));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return send(reply, 'DATABASE_UNAVAILABLE', 'The database is not answering; retry shortly.');
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(
      reply,
      'INTERNAL_ERROR',
      `An unexpected error occurred. Quote reference ${request.id} to support.`,
    );
  });

  app.setNotFoundHandler((request, reply) =>
    send(reply, 'ROUTE_NOT_FOUND', `No endpoint answers ${request.method} ${request.url.split('?')[0]}.`),
  );
}
