import type { BillingAccount, Statement } from '../../adapters/billing-system/port.js';
import type { DocumentModel } from '../../pdf/render.js';
import type { AccountRow } from './accounts.js';

/** Dollars as printed on a bill: $1,234.56, and -$12.00 for a credit. */
export function money(cents: number): string {
  const text = (Math.abs(cents) / 100).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return `${cents < 0 ? '-' : ''}$${text}`;
}

const quantity = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 4 });

function rateText(line: Statement['lines'][number]): string {
  if (line.kind === 'TAX') return `${quantity(line.rate * 100)}%`;
  return `$${quantity(line.rate)} / ${line.unit}`;
}

/** The statement as a document for the shared PDF renderer. */
export function statementModel(row: AccountRow, account: BillingAccount, s: Statement): DocumentModel {
  const address = account.serviceAddress;
  const serviceAddress = [
    address.address,
    address.address2,
    `${address.city}, ${address.state} ${address.zipcode}`,
  ]
    .filter(Boolean)
    .join(', ');
  const ldcLabel =
    account.commodity === 'Electric' && account.utility.stateCode === 'TX' ? 'ESI ID' : 'Utility account';
  return {
    title: `${row.brand_name} statement`,
    subtitle: `Statement date ${s.statementDate} · Service ${s.beginReadDate} to ${s.endReadDate}`,
    author: row.brand_legal_name,
    sections: [
      {
        heading: 'Account',
        table: {
          columns: ['Item', 'Value'],
          rows: [
            ['Account number', account.billingAccountNumber ?? `Enrollment ${account.enrollmentId}`],
            ['Statement number', s.token],
            ['Service address', serviceAddress],
            [ldcLabel, account.ldcAccount],
            ['Utility', account.utility.name],
            ['Plan', account.plan.name],
          ],
        },
      },
      {
        heading: 'Service period and usage',
        table: {
          columns: ['Begin read', 'End read', 'Days', 'Usage'],
          rows: [[s.beginReadDate, s.endReadDate, String(s.days), `${quantity(s.usage)} ${s.usageUnit}`]],
        },
      },
      {
        heading: 'Current charges',
        table: {
          columns: ['Charge', 'Quantity', 'Rate', 'Amount'],
          rows: [
            ...s.lines.map((line) => [
              line.description,
              line.unit === 'USD'
                ? money(Math.round(line.quantity * 100))
                : `${quantity(line.quantity)} ${line.unit}`,
              rateText(line),
              money(line.amountCents),
            ]),
            ['Total current charges', '', '', money(s.currentChargesCents)],
          ],
        },
      },
      {
        heading: 'Account summary',
        table: {
          columns: ['Item', 'Amount'],
          rows: [
            ['Previous balance', money(s.previousBalanceCents)],
            ['Payments received', money(-s.paymentsCents)],
            ['Current charges', money(s.currentChargesCents)],
            ['Balance due', money(s.balanceCents)],
            ['Past due', money(s.overdueCents)],
            ['Due date', s.dueDate],
          ],
        },
        paragraphs: [
          s.lastPayment
            ? `Last payment: ${money(s.lastPayment.amountCents)} on ${s.lastPayment.date}. Thank you.`
            : 'No payment received yet.',
          s.balanceCents > 0
            ? `Please pay ${money(s.balanceCents)} by ${s.dueDate}.`
            : 'Nothing is due: your account has no balance to pay.',
        ],
      },
    ],
    footer: `${row.brand_legal_name} · ${row.brand_phone} · ${row.brand_url}`,
  };
}
