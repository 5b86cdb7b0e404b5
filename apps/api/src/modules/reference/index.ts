export { referenceRoutes } from './routes.js';
export { createReferenceService, type ReferenceService } from './service.js';
export {
  findDefaultLanguage,
  findZipcode,
  listContactMethods,
  listDeliveryCharges,
  listLanguages,
  listUtilityZipcodes,
  stateOfZip,
  utilityIdsServingZip,
  zipcodesOfUtilities,
} from './store.js';
