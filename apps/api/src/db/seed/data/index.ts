export type { StateRow, ZipRow } from './geography.js';
export { SERVICE_AREA_ZIPS, US_STATES } from './geography.js';
export type { ChargeType, Commodity, DeliveryChargeRow, UtilityCode, UtilityRow } from './utilities.js';
export { UTILITIES } from './utilities.js';
