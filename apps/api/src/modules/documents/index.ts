export { createDocumentLibrary, type DocumentLibrary } from './library.js';
export { documentLibraryOpsRoutes } from './library-ops-routes.js';
export { documentOpsRoutes } from './ops-routes.js';
export { documentRoutes } from './routes.js';
export { createDocumentsService, type DocumentsService } from './service.js';
