import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Id, SignedLinkQuery } from '../../http/schemas.js';
import type { FilesService } from './service.js';

export const fileRoutes: FastifyPluginAsyncTypebox<{ files: FilesService }> = async (app, { files }) => {
  app.get(
    '/files/:fileId/download',
    {
      config: { errors: ['FILE_LINK_EXPIRED', 'FILE_LINK_INVALID'], access: 'public' },
      schema: {
        operationId: 'downloadFile',
        tags: ['Files'],
        summary: 'Download a stored document through a signed link',
        description:
          'Answers only to the signed link given as `downloadUrl` (for example on a prospect document); the link ' +
          'works without a bearer token for 24 hours. An altered link is 403 `FILE_LINK_INVALID`, an expired one ' +
          '410 `FILE_LINK_EXPIRED`.',
        params: Type.Object({ fileId: Id('The stored file id, as in the signed link.') }),
        querystring: SignedLinkQuery,
        response: {
          200: {
            description: 'The file, with its content type and a Content-Disposition naming it.',
            content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
          },
        },
      },
    },
    async (request, reply) => {
      const file = await files.download(request.params.fileId, request.url);
      return (
        reply
          .header('content-type', file.content_type)
          .header('content-disposition', `attachment; filename="${file.file_name}"`)
          // The 200 schema describes binary content for OpenAPI; the bytes are sent as they are.
          .send(Buffer.from(file.content) as unknown as string)
      );
    },
  );
};
