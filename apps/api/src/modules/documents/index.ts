export { createDocumentLibrary, type DocumentLibrary } from './library.js';
export { documentLibraryOpsRoutes, documentOpsRoutes } from './ops-routes.js';
export { documentRoutes } from './routes.js';
export { createDocumentsService, type DocumentsService } from './service.js';
