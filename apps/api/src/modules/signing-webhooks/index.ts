export { signingWebhookRoutes } from './routes.js';
export {
  connectSignature,
  createSigningWebhooksService,
  type SigningWebhooksService,
  signingStatusOf,
} from './service.js';
