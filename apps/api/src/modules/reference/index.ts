export { referenceRoutes } from './routes.js';
export { createReferenceService, type ReferenceService } from './service.js';
export {
  deliveryChargeSets,
  findDefaultLanguage,
  findZipcode,
  insertDeliveryChargeSet,
  knownZipcodes,
  listContactMethods,
  listDeliveryCharges,
  listLanguages,
  listUtilityZipcodes,
  replaceUtilityZipcodes,
  stateOfZip,
  utilityIdsServingZip,
  zipcodeCounts,
  zipcodesOfUtilities,
} from './store.js';
