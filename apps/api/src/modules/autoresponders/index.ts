export { AUTORESPONDER_MESSAGE_ID } from './event-sends.js';
export { autoresponderOpsRoutes } from './ops-routes.js';
export { autoresponderRoutes } from './routes.js';
export { type AutorespondersService, createAutorespondersService } from './service.js';
export { AUTORESPONDER_TRIGGERS, type TriggerDefinition } from './triggers.js';
export { placeholdersIn, REPLACEMENT_VARIABLES, variablesFor } from './variables.js';
