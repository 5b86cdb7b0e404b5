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

export const CreditCheckResult = Type.Object({
  id_credit_check: Type.Integer({
    description: 'Pass as payment.creditCheckId when creating the enrollment.',
  }),
  score: Nullable(Type.Integer()),
  deposit_required: Type.Boolean(),
  deny_service: Type.Boolean(),
  fraud_alert: Type.Boolean(),
  reason_codes: Type.Array(Type.String()),
  fraud_alert_codes: Type.Array(Type.String()),
  no_score_reason: Nullable(Type.String()),
  error_msg: Nullable(
    Type.String({ description: 'Set when the bureau could not be asked; run the check again.' }),
  ),
});
