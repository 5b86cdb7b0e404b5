import type { Config } from '../../config/index.js';
import { createHttpCreditBureau } from './http.js';
import type { CreditBureau } from './port.js';
import { createSandboxBureau } from './sandbox.js';

/** The configured connector (CREDIT_BUREAU_URL); the in-process sandbox only in the sandbox, when none is set. */
export function creditBureauFor(config: Config): CreditBureau {
  const settings = config.integrations.creditBureau;
  if (settings) return createHttpCreditBureau(settings);
  if (config.mode === 'production')
    throw new Error(
      'CREDIT_BUREAU_URL is required in production; the sandbox credit bureau never runs there.',
    );
  return createSandboxBureau();
}
