/** Production, or the sandbox (seeded demo data, simulated external systems); config/index.ts reads it. */
export type Mode = 'sandbox' | 'production';
