import { Type } from 'typebox';
import { Id, Nullable, PlainDate, UsStateCode, UsZipCode } from '../../http/schemas.js';

const text = (maxLength: number, description?: string) =>
  Type.String({ minLength: 1, maxLength, pattern: '\\S', ...(description ? { description } : {}) });

export const CreditCheckRequest = Type.Object({
  firstName: text(50),
  lastName: text(50),
  streetNum: text(10, 'House number of the service address.'),
  streetName: text(100),
  city: text(50),
  state: UsStateCode,
  zipCode: UsZipCode,
  socialSecurityNumber: Type.Optional(
    Type.String({ maxLength: 11, description: '9 digits, with or without dashes.' }),
  ),
  dateOfBirth: Type.Optional(PlainDate),
  planId: Type.Optional(
    Id(
      'The plan the customer is choosing: its thresholds decide deposit_required and deny_service, and whether the date of birth may replace the SSN.',
    ),
  ),
});

/** Bureau reason and alert codes: a few characters each, a handful per check. */
const BureauCodes = Type.Array(Type.String({ maxLength: 10 }), { maxItems: 20 });

export const CreditCheckResult = Type.Object({
  id_credit_check: Type.Integer({
    minimum: 1,
    maximum: 2_147_483_647,
    description: 'Pass as payment.creditCheckId when creating the enrollment.',
  }),
  score: Nullable(Type.Integer({ minimum: 0, maximum: 999 })),
  deposit_required: Type.Boolean(),
  deny_service: Type.Boolean(),
  fraud_alert: Type.Boolean(),
  reason_codes: BureauCodes,
  fraud_alert_codes: BureauCodes,
  no_score_reason: Nullable(Type.String({ maxLength: 200 })),
  error_msg: Nullable(
    Type.String({
      maxLength: 500,
      description: 'Set when the bureau could not be asked; run the check again.',
    }),
  ),
});
