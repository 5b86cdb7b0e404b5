/** The API's envelope for a success, so the browser reads the site's own answers as it reads the API's. */
export const succeed = (data) => ({ data, succeeded: true, errors: [], message: 'OK' });
/** The API's envelope for a failure, with a real status and a stable code. */
export function fail(reply, status, code, message) {
    return reply.code(status).send({ data: null, succeeded: false, errors: [message], message, code });
}
//# sourceMappingURL=envelope.js.map