/** The contract of a consumer credit bureau (TransUnion-style): a score from identity data, or why not. */
export interface CreditInquiry {
  firstName: string;
  lastName: string;
  streetNum: string;
  streetName: string;
  city: string;
  state: string;
  zipCode: string;
  /** Nine digits, when given. */
  ssn: string | null;
  /** YYYY-MM-DD, when given. */
  dateOfBirth: string | null;
}

export type CreditReport =
  | { outcome: 'scored'; score: number; reasonCodes: string[]; fraudAlertCodes: string[] }
  | { outcome: 'no_score'; noScoreReason: string; reasonCodes: string[]; fraudAlertCodes: string[] };

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
