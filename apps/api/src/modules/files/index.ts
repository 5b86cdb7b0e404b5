export type { QuotaHolder } from './quota.js';
export { fileRoutes } from './routes.js';
export {
  createFilesService,
  DOWNLOAD_LINK_SECONDS,
  type FileContent,
  type FileOwner,
  type FilesService,
  type StoredFileInfo,
  safeFileName,
} from './service.js';
