import type { FastifyReply } from 'fastify';

/** The API's envelope for a success, so the browser reads the site's own answers as it reads the API's. */
export const succeed = <T>(data: T) => ({ data, succeeded: true, errors: [] as string[], message: 'OK' });

/** The API's envelope for a failure, with a real status and a stable code. */
export function fail(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.code(status).send({ data: null, succeeded: false, errors: [message], message, code });
}
