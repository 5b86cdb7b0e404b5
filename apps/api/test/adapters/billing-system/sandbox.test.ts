import { describe, expect, it } from 'vitest';
import type { BillingAccount } from '../../../src/adapters/billing-system/port.js';
import { createSandboxBillingSystem } from '../../../src/adapters/billing-system/sandbox.js';

const billing = createSandboxBillingSystem();

const ONCOR = {
  code: 'ONCOR',
  name: 'Oncor',
  stateCode: 'TX',
  deliveryCharges: [
    { name: 'Customer and metering charges', type: 'monthly', charge: 4.23, uom_from: null, uom_to: null },
    { name: 'Delivery charges', type: 'per_kwh', charge: 0.051893, uom_from: null, uom_to: null },
  ],
};

function account(overrides: Partial<BillingAccount> = {}): BillingAccount {
  return {
    companyId: 1,
    enrollmentId: 42,
    billingAccountNumber: 'BB00100000042',
    status: 'ACTIVE',
    billed: true,
    commodity: 'Electric',
    customerType: 'Residential',
    ldcAccount: '10443720000000042',
    serviceAddress: { address: '1201 Elm St', address2: null, city: 'Dallas', state: 'TX', zipcode: '75201' },
    serviceStartDate: '2025-01-01',
    serviceEndDate: null,
    plan: { name: 'Fixed 12', billingSystemPlanCode: 'FX12', rate: 13.9, monthlyFee: 9.95, timeOfUse: [] },
    utility: ONCOR,
    transactions: [],
    asOf: '2026-01-10',
    ...overrides,
  };
}

/** Usage of the statement whose period begins on `begin`, averaged over many accounts (each has its own factor). */
async function averageUsage(begin: string, overrides: Partial<BillingAccount> = {}) {
  let total = 0;
  const n = 200;
  for (let i = 0; i < n; i++) {
    const statements = await billing.statements(
      account({ ldcAccount: `1044372000000${1000 + i}`, ...overrides }),
    );
    total += statements.find((s) => s.beginReadDate === begin)!.usage;
  }
  return total / n;
}

describe('sandbox billing system', () => {
  it('is deterministic and bills one statement per month from the start date', async () => {
    const a = await billing.statements(account());
    expect(await billing.statements(account())).toEqual(a);
    expect(a).toHaveLength(12);
    expect(a.at(-1)).toMatchObject({
      beginReadDate: '2025-01-01',
      endReadDate: '2025-02-01',
      statementDate: '2025-02-02',
      dueDate: '2025-02-18',
    });
    expect(a[0]).toMatchObject({ beginReadDate: '2025-12-01', endReadDate: '2026-01-01' });
  });

  it('keeps the read day at the month end (31st → 28th → 31st → 30th)', async () => {
    const s = await billing.statements(account({ serviceStartDate: '2025-01-31', asOf: '2025-05-01' }));
    expect(s.map((x) => x.endReadDate).reverse()).toEqual(['2025-02-28', '2025-03-31', '2025-04-30']);
  });

  it('follows a Texas residential profile: summer peak about 1,400 kWh, spring about 800', async () => {
    const august = await averageUsage('2025-08-01');
    const april = await averageUsage('2025-04-01');
    expect(august).toBeGreaterThan(1300);
    expect(august).toBeLessThan(1500);
    expect(april).toBeGreaterThan(730);
    expect(april).toBeLessThan(870);
    expect(await averageUsage('2025-08-01', { customerType: 'SmallBusiness' })).toBeGreaterThan(3 * 1300);
  });

  it('bills gas in Ccf in Ohio and therms in Georgia with a winter peak and no Texas taxes', async () => {
    const gas = account({
      commodity: 'Gas',
      utility: {
        code: 'EGO',
        name: 'Enbridge Gas Ohio',
        stateCode: 'OH',
        deliveryCharges: [
          { name: 'Basic service charge', type: 'monthly', charge: 43.3, uom_from: null, uom_to: null },
          { name: 'Transportation', type: 'per_ccf', charge: 0.06297, uom_from: null, uom_to: null },
        ],
      },
      plan: { name: 'Gas 12', billingSystemPlanCode: 'G12', rate: 59, monthlyFee: 0, timeOfUse: [] },
    });
    const statements = await billing.statements(gas);
    const january = statements.find((s) => s.beginReadDate === '2025-01-01')!;
    const july = statements.find((s) => s.beginReadDate === '2025-07-01')!;
    expect(january.usageUnit).toBe('Ccf');
    expect(january.usage).toBeGreaterThan(4 * july.usage);
    expect(january.lines.map((l) => l.kind)).toEqual(['ENERGY', 'DELIVERY', 'DELIVERY']);
    expect(january.lines[2]!.amountCents).toBe(Math.round(january.usage * 6.297));
    const georgia = await billing.statements({ ...gas, utility: { ...gas.utility, stateCode: 'GA' } });
    expect(georgia[0]!.usageUnit).toBe('therm');
  });

  it('charges energy, base, delivery and the gross receipts reimbursement; business customers pay sales tax', async () => {
    const [s] = await billing.statements(account());
    const [energy, base, customer, delivery, grt] = s!.lines;
    expect(energy!.amountCents).toBe(Math.round(s!.usage * 13.9));
    expect(base!.amountCents).toBe(995);
    expect(customer!.amountCents).toBe(423);
    expect(delivery!.amountCents).toBe(Math.round(s!.usage * 5.1893));
    const taxable = energy!.amountCents + base!.amountCents + customer!.amountCents + delivery!.amountCents;
    expect(grt!.amountCents).toBe(Math.round(taxable * 0.01997));
    expect(s!.currentChargesCents).toBe(taxable + grt!.amountCents);
    const [business] = await billing.statements(account({ customerType: 'SmallBusiness' }));
    const sales = business!.lines.at(-1)!;
    expect(sales.description).toMatch(/Sales tax/);
    expect(sales.rate).toBe(0.0825);
  });

  it('applies approved payments on their day, holds deposits and ignores declines; the ledger adds up', async () => {
    const a = account({
      asOf: '2025-04-20',
      transactions: [
        { id: 1, type: 'DEPOSIT', status: 'approved', amountCents: 15000, date: '2025-01-01' },
        { id: 2, type: 'ONE_TIME_PAYMENT', status: 'approved', amountCents: 10000, date: '2025-02-10' },
        { id: 3, type: 'RECURRING_BILLING', status: 'declined', amountCents: 9000, date: '2025-03-05' },
        { id: 4, type: 'RECURRING_BILLING', status: 'approved', amountCents: 6000, date: '2025-04-15' },
      ],
    });
    const statements = (await billing.statements(a)).reverse();
    expect(statements.map((s) => s.paymentsCents)).toEqual([0, 10000, 0]);
    for (const [i, s] of statements.entries()) {
      expect(s.balanceCents).toBe(s.previousBalanceCents - s.paymentsCents + s.currentChargesCents);
      if (i > 0) expect(s.previousBalanceCents).toBe(statements[i - 1]!.balanceCents);
    }
    // On 2025-04-02 the February statement (due 2025-02-18) and March statement (due 2025-03-18) are past due.
    expect(statements[2]!.overdueCents).toBe(
      statements[0]!.currentChargesCents + statements[1]!.currentChargesCents - 10000,
    );
    const summary = await billing.summary(a);
    expect(summary).toMatchObject({
      depositHeldCents: 15000,
      lastPayment: { amountCents: 6000, date: '2025-04-15' },
      currentBalanceCents: statements[2]!.balanceCents - 6000,
      nextStatementDate: '2025-05-02',
      statementCount: 3,
    });
    // On 2025-04-20 all three are past due (the April statement was due 2025-04-18).
    expect(summary.overdueCents).toBe(
      statements[0]!.currentChargesCents +
        statements[1]!.currentChargesCents +
        statements[2]!.currentChargesCents -
        16000,
    );
  });

  it('prorates the last period of a drop and bills nothing before service starts', async () => {
    const dropped = account({
      status: 'DROPPED',
      billed: true,
      serviceEndDate: '2025-03-16',
      asOf: '2025-06-01',
    });
    const [last, ...rest] = await billing.statements(dropped);
    expect(rest).toHaveLength(2);
    expect(last).toMatchObject({ beginReadDate: '2025-03-01', endReadDate: '2025-03-16', days: 15 });
    expect(last!.lines.find((l) => l.kind === 'BASE')!.amountCents).toBe(Math.round(995 * (15 / 31)));
    expect((await billing.summary(dropped)).nextStatementDate).toBeNull();
    expect(await billing.statements(account({ status: 'PENDING', billed: false }))).toEqual([]);
    expect(await billing.statements(account({ serviceStartDate: null }))).toEqual([]);
  });
});
