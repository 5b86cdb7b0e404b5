import type { Kysely } from 'kysely';
import type { BaseLogger } from 'pino';
import type { PaymentGateway } from '../../adapters/payment-gateway/port.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../domain/clock.js';
import type { EnrollmentsService } from '../enrollments/index.js';

/** What the charges' rules work with: the database, the enrollments a deposit moves on, and the company's gateway. */
export interface ChargesDeps {
  db: Kysely<Database>;
  /** What a charge's dates are read from, and how long a charge has waited for the gateway's answer. */
  clock: Clock;
  enrollments: EnrollmentsService;
  gatewayFor: (companyId: number) => Promise<PaymentGateway>;
  log: Pick<BaseLogger, 'warn'>;
}

export const nowIso = (clock: Clock) => clock.now().toISOString();
