import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, ok } from '../../http/envelope.js';
import { auditActorOf, staffOf } from '../../http/staff-access.js';
import { streamSingleFile, uploadOf } from '../../http/uploads.js';
import type { AuditLog } from '../audit/index.js';
import type { EsiidImports } from './import-jobs.js';
import { EsiidImport, EsiidImportDetail, EsiidImportPath } from './ops-schemas.js';

const tags = ['Utilities'];

/** ERCOT's TDSP ESI ID extract uploaded from the console, imported in the background like the command's. */
export const premiseOpsRoutes: FastifyPluginAsyncTypebox<{
  imports: EsiidImports;
  audit: AuditLog;
  uploadLimitBytes: number;
}> = async (app, { imports, audit, uploadLimitBytes }) => {
  app.get(
    '/esiid-imports',
    {
      config: { permission: 'work.read' },
      schema: {
        operationId: 'listEsiidImports',
        tags,
        summary: 'The newest ESIID extract imports, newest first, with their counts',
        response: { 200: Envelope(Type.Array(EsiidImport, { maxItems: 100 })) },
      },
    },
    async (request) => ok(await imports.list(staffOf(request).companyId)),
  );

  app.get(
    '/esiid-imports/:importId',
    {
      config: { permission: 'work.read' },
      schema: {
        operationId: 'getEsiidImport',
        tags,
        summary: 'One ESIID extract import: its progress while it runs, its counts and rejected lines after',
        params: EsiidImportPath,
        response: { 200: Envelope(EsiidImportDetail) },
      },
    },
    async (request) => ok(await imports.get(staffOf(request).companyId, request.params.importId)),
  );

  app.post(
    '/esiid-imports',
    {
      config: { permission: 'plans.write' },
      schema: {
        operationId: 'uploadEsiidExtract',
        tags,
        summary:
          'Uploads a TDSP ESI ID extract (CSV) and queues its import; poll the import for its progress',
        description:
          `One multipart CSV file, unzipped, of at most ESIID_UPLOAD_LIMIT_BYTES (${uploadLimitBytes} bytes here). ` +
          'Kept as it arrives and imported in the background by the same code as `npm run import:esiids`: each ' +
          "ESIID goes to the company's Texas TDSP whose prefix and length it has; malformed lines are skipped and " +
          'listed with their line numbers; a file without the required columns is refused whole (status failed).',
        ...uploadOf(['csv']),
        response: { 200: Envelope(EsiidImport) },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const file = await streamSingleFile(request, uploadLimitBytes);
      const queued = await imports.upload(staff.companyId, staff.email, file);
      await audit.record(auditActorOf(request), {
        action: 'esiid.import',
        targetType: 'esiid-import',
        targetId: queued.id,
        summary: `ESIID extract ${queued.fileName} uploaded (${queued.fileBytes} bytes, ${queued.dataLines} lines): import ${queued.id} queued`,
        after: { fileName: queued.fileName, fileBytes: queued.fileBytes, dataLines: queued.dataLines },
      });
      return ok(queued);
    },
  );
};
