export { isChargeRecorded, recordCapturedDeposit } from './captured-deposits.js';
export { alreadyRecorded, confirmGatewayCharge } from './confirmation.js';
export { createHostedPayment } from './hosted-payment.js';
export { chargeOpsRoutes } from './ops-routes.js';
export { chargeRoutes } from './routes.js';
export { type ChargesService, createChargesService } from './service.js';
export { chargesAfter, chargesOfEnrollments, findCharge, paymentCounts } from './store.js';
