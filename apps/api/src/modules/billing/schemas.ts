import { Type } from 'typebox';
import { PagingQuery } from '../../http/envelope.js';
import { DateOf, Id, Nullable } from '../../http/schemas.js';

const Amount = (description: string) => Type.Number({ description: `${description} Dollars, two decimals.` });
const NullableDate = (description: string) => Nullable(DateOf(`${description} Null when there is none.`));

export const EnrollIdParams = Type.Object({
  enrollId: Id('The enrollment (id_enrollment) whose billing account to read.'),
});

export const StatementPdfQuery = Type.Object({
  custStatementTkn: Type.String({
    minLength: 1,
    maxLength: 64,
    description: 'The statement token (`custStatementTkn` of a statement).',
  }),
});

export const ChargesQuery = PagingQuery;

const UsageUnit = Type.String({ description: 'kWh for electricity; Ccf (Ohio) or therm (Georgia) for gas.' });

export const UsageHistoryItem = Type.Object(
  {
    custStatementTkn: Type.String({ description: 'The statement that billed this read.' }),
    beginReadDate: DateOf('The meter read that begins the period.'),
    endReadDate: DateOf('The meter read that ends the period (the next period begins on it).'),
    daysOfService: Type.Integer({ description: 'Days between the two reads.' }),
    usageNum: Type.Number({ description: 'Usage between the two reads, in usageUnit.' }),
    usageUnit: UsageUnit,
    averageDailyUsage: Type.Number({ description: 'usageNum / daysOfService, one decimal.' }),
    usageChargeAmount: Amount('Everything billed for the period: energy, base, delivery and taxes.'),
  },
  { title: 'UsageHistoryItem' },
);

export const BillingCharge = Type.Object(
  {
    chargeId: Type.String({ description: 'Stable id of the charge line.' }),
    custStatementTkn: Type.String({ description: 'The statement the charge is on.' }),
    chargeDate: DateOf('The statement date (when the charge was billed).'),
    beginServiceDate: DateOf('First day of the service the charge is for.'),
    endServiceDate: DateOf('The end meter read of that service period.'),
    chargeType: Type.Union(
      [Type.Literal('ENERGY'), Type.Literal('BASE'), Type.Literal('DELIVERY'), Type.Literal('TAX')],
      {
        description:
          "ENERGY (the plan's rate × usage), BASE (the plan's monthly fee), DELIVERY (the utility's charges, passed through), TAX.",
      },
    ),
    chargeDescription: Type.String(),
    quantity: Type.Number({
      description:
        'Units billed: usage, a share of a month (1 = a whole month) or, for taxes, the dollars taxed.',
    }),
    unit: Type.String({ description: 'kWh, Ccf, therm, month or USD.' }),
    rate: Type.Number({
      description: 'Dollars per unit, or for taxes the rate as a fraction (0.01997 = 1.997%).',
    }),
    chargeAmt: Amount('The charge.'),
  },
  { title: 'BillingCharge' },
);

export const BillingStatement = Type.Object(
  {
    custStatementTkn: Type.String({
      description: 'Statement token: pass it to GET /billing/statements-pdf.',
    }),
    statementDate: DateOf('The day the statement was issued (the day after the end read).'),
    dueDate: DateOf('Payment due date: 16 days after the statement date.'),
    beginReadDate: DateOf('Begin meter read of the billed period.'),
    endReadDate: DateOf('End meter read of the billed period.'),
    daysOfService: Type.Integer(),
    usageNum: Type.Number({ description: 'Usage billed, in usageUnit.' }),
    usageUnit: UsageUnit,
    previousBalanceAmt: Amount("The previous statement's balance (0 on the first statement)."),
    paymentsAmt: Amount('Payments received after the previous statement, up to this statement date.'),
    currentChargesAmt: Amount('Charges of this period (the sum of its charge lines).'),
    stmtBalanceAmt: Amount(
      'Balance due on this statement: previousBalanceAmt − paymentsAmt + currentChargesAmt.',
    ),
    overdueBalanceAmt: Amount('The part of the balance already past due on the statement date.'),
    lastPaymentAmt: Amount('The last payment received by the statement date (0 when none).'),
    lastPaymentDate: NullableDate('Date of that payment.'),
  },
  { title: 'BillingStatement' },
);

export const BillingSummary = Type.Object(
  {
    billingAccountNumber: Nullable(Type.String({ description: "The billing system's account number." })),
    currentBalanceAmt: Amount(
      "The balance now: the latest statement's balance less payments received since (negative = credit).",
    ),
    amountDueAmt: Amount('What the customer should pay now: currentBalanceAmt, or 0 when in credit.'),
    overdueBalanceAmt: Amount(
      'What is past due today: charges of statements past their due date not yet paid.',
    ),
    stmtBalanceAmt: Amount("The latest statement's balance."),
    lastStatementDate: NullableDate('Date of the latest statement.'),
    dueDate: NullableDate("The latest statement's due date."),
    nextStatementDate: NullableDate('When the next statement will be issued (null once service has ended).'),
    lastPaymentAmt: Amount('The last payment received (0 when none).'),
    lastPaymentDate: NullableDate('Date of the last payment.'),
    depositHeldAmt: Amount('Deposits paid and held against the account; never applied to the balance.'),
    statementCount: Type.Integer({ description: 'Statements issued so far.' }),
    averageMonthlyUsage: Type.Number({ description: 'Average usage per statement, in usageUnit.' }),
    usageUnit: UsageUnit,
  },
  { title: 'BillingSummary' },
);

export const StatementSummary = Type.Object(
  {
    custStatementTkn: Nullable(
      Type.String({ description: 'The latest statement; null before the first one.' }),
    ),
    statementDate: NullableDate('Its statement date.'),
    dueDate: NullableDate('Its due date.'),
    beginReadDate: NullableDate('Its begin read.'),
    endReadDate: NullableDate('Its end read.'),
    usageNum: Type.Number({ description: 'Usage billed on it.' }),
    usageUnit: UsageUnit,
    energyChargesAmt: Amount('Its ENERGY charges.'),
    baseChargesAmt: Amount('Its BASE charges.'),
    deliveryChargesAmt: Amount('Its DELIVERY charges.'),
    taxesAmt: Amount('Its TAX charges.'),
    previousBalanceAmt: Amount('Its previous balance.'),
    paymentsAmt: Amount('Payments it shows.'),
    currentChargesAmt: Amount('Its current charges: energy + base + delivery + taxes.'),
    stmtBalanceAmt: Amount('Its balance due.'),
    overdueBalanceAmt: Amount('Past due on its date.'),
    lastPaymentAmt: Amount('The last payment by its date.'),
  },
  { title: 'StatementSummary' },
);
