import { productionSigningEnv } from './document-signing.js';

/**
 * Every setting production refuses to start without, pointing where nothing answers: the environment of a
 * production-mode test app or operator command that never reaches a partner.
 */
export function productionEnv(): Record<string, string> {
  return {
    NODE_ENV: 'production',
    VOLTIN_MASTER_KEY: Buffer.alloc(32, 7).toString('base64'),
    PUBLIC_BASE_URL: 'https://api.supplier.example',
    CONSOLE_BASE_URL: 'https://console.supplier.internal',
    SMTP_URL: 'smtp://127.0.0.1:9',
    MAIL_FROM: 'no-reply@supplier.example',
    CREDIT_BUREAU_URL: 'https://credit-bureau.invalid',
    CREDIT_BUREAU_SECRET: 'unreachable-connector-secret-0123456789',
    BILLING_SYSTEM_URL: 'https://billing-system.invalid',
    BILLING_SYSTEM_SECRET: 'unreachable-connector-secret-0123456789',
    ...productionSigningEnv(),
  };
}
