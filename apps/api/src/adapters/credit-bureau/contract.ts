import { Type } from 'typebox';
import { Nullable } from '../../http/schemas.js';
import { contractDocument } from '../connector-contract/document.js';
import type { ContractEndpoint } from '../connector-contract/protocol.js';

const text = (maxLength: number, description: string) =>
  Type.String({ minLength: 1, maxLength, description });

/** What Voltin asks the bureau: the identity of the person whose credit is checked. */
export const CreditInquirySchema = Type.Object(
  {
    companyId: Type.Integer({
      minimum: 1,
      description: "The retail company (Voltin's id) the check is for.",
    }),
    firstName: text(50, 'As the customer gave it, trimmed.'),
    lastName: text(50, 'As the customer gave it, trimmed.'),
    streetNum: text(10, 'House number of the service address.'),
    streetName: text(100, 'Street of the service address.'),
    city: text(50, 'City of the service address.'),
    state: Type.String({ pattern: '^[A-Z]{2}$', description: 'USPS state abbreviation.' }),
    zipCode: Type.String({ pattern: '^[0-9]{5}$', description: 'Five-digit ZIP code.' }),
    ssn: Nullable(Type.String({ pattern: '^[0-9]{9}$', description: 'Nine digits, no dashes.' })),
    dateOfBirth: Nullable(
      Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'YYYY-MM-DD.' }),
    ),
  },
  { description: 'A credit inquiry. At least one of ssn and dateOfBirth is set.' },
);

const codes = (description: string) =>
  Type.Array(Type.String({ maxLength: 20 }), { maxItems: 50, description });
const reasonCodes = codes("The bureau's reason codes (what lowered the score, or why there is none).");
const fraudAlertCodes = codes('Fraud alerts on the file; any code here flags the check for review.');

/** The bureau's answer: a score, or the reason there is none. */
export const CreditReportSchema = Type.Union(
  [
    Type.Object({
      outcome: Type.Literal('scored'),
      score: Type.Integer({ minimum: 300, maximum: 850, description: 'The credit score.' }),
      reasonCodes,
      fraudAlertCodes,
    }),
    Type.Object({
      outcome: Type.Literal('no_score'),
      noScoreReason: Type.String({
        minLength: 1,
        maxLength: 500,
        description: 'Why the file gives no score.',
      }),
      reasonCodes,
      fraudAlertCodes,
    }),
  ],
  { description: 'A credit report: `scored` with the score, or `no_score` with the reason.' },
);

export const CREDIT_INQUIRY: ContractEndpoint<typeof CreditInquirySchema, typeof CreditReportSchema> = {
  operationId: 'creditInquiry',
  path: '/v1/credit-inquiries',
  summary: 'Ask the bureau for the credit report of a person',
  description:
    'Runs when a sales channel checks credit before an enrollment (`POST /api/v1/credit-check`). Answer with the score, or `no_score` and the reason; a bureau that does not answer is 503 UNAVAILABLE, and Voltin records the check as unanswered.',
  idempotencyKey:
    '`credit-inquiry:<uuid>`, new for each credit check and the same on its retries (a new check is a new inquiry).',
  request: CreditInquirySchema,
  response: CreditReportSchema,
};

export const CREDIT_BUREAU_CONTRACT = contractDocument({
  title: 'Voltin credit bureau connector contract',
  description:
    "What a supplier's credit bureau connector implements so that Voltin can run credit checks through the supplier's own bureau account.",
  endpoints: [CREDIT_INQUIRY],
});
