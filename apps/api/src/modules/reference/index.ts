export { referenceRoutes } from './routes.js';
export { createReferenceService, type ReferenceService } from './service.js';
export {
  deliveryChargeSets,
  findDefaultLanguage,
  findZipcode,
  insertDeliveryChargeSet,
  listContactMethods,
  listDeliveryCharges,
  listLanguages,
  listUtilityZipcodes,
  stateOfZip,
  utilityIdsServingZip,
  zipcodesOfUtilities,
} from './store.js';
