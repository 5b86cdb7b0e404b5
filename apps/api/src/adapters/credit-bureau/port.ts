import type { Static } from 'typebox';
import type { CreditInquirySchema, CreditReportSchema } from './contract.js';

/**
 * The contract of a consumer credit bureau (TransUnion-style): a score from identity data, or why not. The shapes are
 * the connector contract's schemas (contract.ts), which the docs site publishes.
 */
export type CreditInquiry = Static<typeof CreditInquirySchema>;
export type CreditReport = Static<typeof CreditReportSchema>;

/** The bureau did not answer; nothing is known about the customer's credit. */
export class BureauUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BureauUnavailableError';
  }
}

export interface CreditBureau {
  inquire(inquiry: CreditInquiry): Promise<CreditReport>;
}
