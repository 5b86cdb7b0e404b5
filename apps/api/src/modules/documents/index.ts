export { documentRoutes } from './routes.js';
export { createDocumentsService, type DocumentsService } from './service.js';
