import { type FakeConnector, startFakeConnector } from '../fake-connector.js';

/**
 * A supplier's billing system connector, as its developer would write it from the integration guide: it keeps its
 * own books. A submission opens account VND-<n> (the same one again for an enrollment it already opened) with one
 * statement of 1,000 kWh; reads look the account up by billing account number and ignore the rest of the account
 * Voltin sends. A customer named "Mismatch" is opened with an error.
 */
export interface FakeBilling extends FakeConnector {
  /** Account number by `<companyId>:<enrollmentId>`. */
  accounts: Map<string, string>;
}

const statementOf = (accountNumber: string) => ({
  token: `${accountNumber}-2026-05`,
  statementDate: '2026-05-02',
  dueDate: '2026-05-18',
  beginReadDate: '2026-04-01',
  endReadDate: '2026-05-01',
  days: 30,
  usage: 1000,
  usageUnit: 'kWh',
  lines: [
    {
      chargeId: `${accountNumber}-2026-05-1`,
      kind: 'ENERGY',
      description: 'Energy charge',
      quantity: 1000,
      unit: 'kWh',
      rate: 0.129,
      amountCents: 12900,
    },
  ],
  previousBalanceCents: 0,
  paymentsCents: 0,
  currentChargesCents: 12900,
  balanceCents: 12900,
  overdueCents: 0,
  lastPayment: null,
});

export async function startFakeBilling(): Promise<FakeBilling> {
  const accounts = new Map<string, string>();
  const booked = (account: { billingAccountNumber: string | null }) => {
    const number = account.billingAccountNumber;
    if (number === null) return [];
    if (![...accounts.values()].includes(number)) return null;
    return [statementOf(number)];
  };
  const fake = await startFakeConnector((path, body) => {
    if (path === '/v1/enrollment-submissions') {
      const key = `${body.companyId}:${body.enrollmentId}`;
      if (!accounts.has(key)) accounts.set(key, `VND-${accounts.size + 1}`);
      const billingAccountNumber = accounts.get(key)!;
      if (body.customer.lastName === 'Mismatch')
        return {
          status: 200,
          body: { outcome: 'accepted_with_errors', billingAccountNumber, errors: ['Rate code unknown'] },
        };
      return { status: 200, body: { outcome: 'accepted', billingAccountNumber } };
    }
    const statements = booked(body.account);
    if (statements === null)
      return { status: 404, body: { code: 'ACCOUNT_NOT_FOUND', message: 'No such billing account.' } };
    const lines = statements.flatMap((s) =>
      s.lines.map((line) => ({
        ...line,
        statementToken: s.token,
        statementDate: s.statementDate,
        beginReadDate: s.beginReadDate,
        endReadDate: s.endReadDate,
      })),
    );
    switch (path) {
      case '/v1/billing-accounts/statements':
        return { status: 200, body: { statements } };
      case '/v1/billing-accounts/statement':
        return {
          status: 200,
          body: { statement: statements.find((s) => s.token === body.statementToken) ?? null },
        };
      case '/v1/billing-accounts/charges':
        return { status: 200, body: { charges: lines } };
      case '/v1/billing-accounts/usage-history':
        return {
          status: 200,
          body: {
            usage: statements.map(
              ({ token, beginReadDate, endReadDate, days, usage, usageUnit, currentChargesCents }) => ({
                token,
                beginReadDate,
                endReadDate,
                days,
                usage,
                usageUnit,
                currentChargesCents,
              }),
            ),
          },
        };
      case '/v1/billing-accounts/summary':
        return {
          status: 200,
          body: {
            billingAccountNumber: body.account.billingAccountNumber,
            currentBalanceCents: statements[0]?.balanceCents ?? 0,
            overdueCents: 0,
            lastStatement: statements[0] ?? null,
            nextStatementDate: statements.length > 0 ? '2026-06-02' : null,
            lastPayment: null,
            depositHeldCents: 0,
            statementCount: statements.length,
            averageMonthlyUsage: statements[0]?.usage ?? 0,
            usageUnit: 'kWh',
          },
        };
      default:
        return { status: 404, body: { code: 'NOT_FOUND', message: `No operation ${path}.` } };
    }
  });
  return Object.assign(fake, { accounts });
}
