import type { Kysely, Selectable } from 'kysely';
import type { Mailer } from '../../adapters/mail/index.js';
import type { Config } from '../../config/index.js';
import type { CustomersTable, Database } from '../../db/schema.js';
import type { Clock } from '../../domain/clock.js';
import type { createLoginThrottle, RateLimiter } from '../rate-limits/index.js';

export interface CustomersDeps {
  db: Kysely<Database>;
  config: Config;
  rateLimiter: RateLimiter;
  mail: Mailer;
  /** What sessions, reset links and the customer's stamps are dated by. */
  clock: Clock;
}

/** What each part of the customers service is built with: its dependencies and the login throttle they share. */
export interface CustomersContext extends CustomersDeps {
  loginThrottle: ReturnType<typeof createLoginThrottle>;
}

export type CustomerRow = Selectable<CustomersTable>;
