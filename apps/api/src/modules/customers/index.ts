export { RECOVERY_EMAILS_PER_HOUR, RESET_TOKEN_TTL_MINUTES } from './recovery.js';
export { customerRoutes } from './routes.js';
export {
  assertPasswordPolicy,
  assertUserNameFormat,
  isValidEmail,
  normalizePhone,
  normalizeUserName,
  PASSWORD_POLICY,
  passwordProblems,
  USERNAME_RULE,
} from './rules.js';
export { sealClearTaxIds, sealedTaxId } from './sealed-tax-ids.js';
export {
  CUSTOMER_SUMMARY,
  customersByEmailPrefix,
  customersByFullName,
  customersByIds,
  customersByNamePrefix,
  customersByPhone,
} from './search-store.js';
export { type CustomersService, createCustomersService } from './service.js';
export {
  customerNames,
  findCustomer,
  findUserNameOwner,
  insertCustomerRecord,
  linkedCustomerIds,
  preferredLanguages,
  updateCustomer,
} from './store.js';
