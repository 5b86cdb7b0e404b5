import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../domain/clock.js';
import { notFound } from '../../http/errors.js';
import { open, type SecretBox } from '../../security/secret-box.js';
import type { BillingService } from '../billing/index.js';
import { chargesOfEnrollments } from '../charges/index.js';
import {
  type CustomersService,
  customersByEmailPrefix,
  customersByFullName,
  customersByIds,
  customersByNamePrefix,
  customersByPhone,
  findCustomer,
  normalizePhone,
} from '../customers/index.js';
import {
  type AccountChanges,
  type EnrollmentsService,
  enrollmentOwner,
  enrollmentsByMeterPrefix,
  enrollmentsOfCustomer,
} from '../enrollments/index.js';
import type { NotificationsService } from '../notifications/index.js';
import * as store from './store.js';

/** How many customers a search answers: enough to pick from as one types, never a whole table. */
export const SEARCH_LIMIT = 20;
/** The profile shows this many of the newest notes, notifications and statements of each account. */
const RECENT = 50;
const RECENT_STATEMENTS = 6;

type CustomerSummary = Awaited<ReturnType<typeof customersByIds>>[number];

export interface CustomerHit {
  customerId: number;
  name: string;
  email: string | null;
  phone: string | null;
  /** What the query matched: name, email, phone, meter, enrollment id or customer id. */
  matchedOn: string;
  /** The matching meter or enrollment, when that is what matched. */
  detail: string | null;
}

export const REVEALABLE = ['ssnLast4', 'dateOfBirth'] as const;
export type Revealable = (typeof REVEALABLE)[number];

const displayName = (c: { first_name: string; last_name: string; firm_name: string | null }) =>
  c.firm_name || `${c.first_name} ${c.last_name}`.trim();

const hit = (customer: CustomerSummary, matchedOn: string, detail: string | null = null): CustomerHit => ({
  customerId: customer.id,
  name: displayName(customer),
  email: customer.email,
  phone: customer.phone,
  matchedOn,
  detail,
});

/** The console's customer view: finding a customer as staff type, and the profile with personal data masked. */
export function createCustomerView(deps: {
  db: Kysely<Database>;
  secretBox: SecretBox;
  clock: Clock;
  billing: BillingService;
  notifications: NotificationsService;
  customers: CustomersService;
  changes: AccountChanges;
  enrollments: Pick<EnrollmentsService, 'row'>;
  /** Where the customers' document links point (the public API's address, known only once it listens). */
  documentBaseUrl: () => string;
}) {
  const { db } = deps;

  /** The newest statements of each of the customer's billing accounts, newest first. */
  async function statementsOf(companyId: number, enrollmentIds: number[]) {
    const perAccount = await Promise.all(
      (await deps.billing.accounts(companyId, enrollmentIds)).map(async (loaded) => {
        const { items } = await deps.billing.statements(loaded, {
          pageNumber: 1,
          pageSize: RECENT_STATEMENTS,
        });
        return items.map((statement) => ({ enrollmentId: loaded.account.enrollmentId, ...statement }));
      }),
    );
    return perAccount.flat().sort((a, b) => b.statementDate.localeCompare(a.statementDate));
  }

  async function paymentsOf(enrollmentIds: number[]) {
    const charges = await chargesOfEnrollments(db, enrollmentIds);
    return charges.reverse().map((charge) => ({
      id: charge.id,
      enrollmentId: charge.enrollment_id,
      type: charge.transaction_type,
      status: charge.status,
      amount: charge.amount_cents / 100,
      refunded: charge.refunded_cents / 100,
      at: charge.created_at,
    }));
  }

  const noteWire = (note: Awaited<ReturnType<typeof store.insertNote>>) => ({
    id: note.id,
    author: note.author,
    body: note.body,
    at: note.created_at,
  });

  /** Customers reached through their enrollments (an enrollment id, a meter number), with what matched. */
  async function throughEnrollments(
    companyId: number,
    found: { customer_id: number; detail: string }[],
    matchedOn: string,
  ) {
    const customers = new Map(
      (
        await customersByIds(
          db,
          companyId,
          found.map((f) => f.customer_id),
        )
      ).map((c) => [c.id, c]),
    );
    return found.flatMap((f) => {
      const customer = customers.get(f.customer_id);
      return customer ? [hit(customer, matchedOn, f.detail)] : [];
    });
  }

  async function searchDigits(companyId: number, digits: string): Promise<CustomerHit[]> {
    const hits: CustomerHit[] = [];
    const id = Number(digits);
    if (digits.length <= 9) {
      hits.push(...(await customersByIds(db, companyId, [id])).map((c) => hit(c, 'customer id')));
      const owner = await enrollmentOwner(db, companyId, id);
      if (owner)
        hits.push(
          ...(await throughEnrollments(
            companyId,
            [{ customer_id: owner.customer_id, detail: `enrollment ${id}` }],
            'enrollment id',
          )),
        );
    }
    const phone = normalizePhone(digits);
    if (phone)
      hits.push(...(await customersByPhone(db, companyId, phone, SEARCH_LIMIT)).map((c) => hit(c, 'phone')));
    if (digits.length >= 6) {
      const meters = await enrollmentsByMeterPrefix(db, companyId, digits, SEARCH_LIMIT);
      hits.push(
        ...(await throughEnrollments(
          companyId,
          meters.map((m) => ({ customer_id: m.customer_id, detail: m.ldc_account })),
          'meter',
        )),
      );
    }
    return hits;
  }

  async function searchText(companyId: number, text: string): Promise<CustomerHit[]> {
    if (text.includes('@'))
      return (await customersByEmailPrefix(db, companyId, text, SEARCH_LIMIT)).map((c) => hit(c, 'email'));
    const phone = normalizePhone(text);
    if (phone)
      return (await customersByPhone(db, companyId, phone, SEARCH_LIMIT)).map((c) => hit(c, 'phone'));
    const [first, ...rest] = text.split(/\s+/);
    const hits = (await customersByNamePrefix(db, companyId, text, SEARCH_LIMIT)).map((c) => hit(c, 'name'));
    if (first && rest.length > 0)
      hits.push(
        ...(await customersByFullName(db, companyId, first, rest.join(' '), SEARCH_LIMIT)).map((c) =>
          hit(c, 'name'),
        ),
      );
    return hits;
  }

  return {
    /** At most SEARCH_LIMIT customers, each once, for what was typed (two characters at least, or an id). */
    async search(companyId: number, query: string): Promise<CustomerHit[]> {
      const text = query.trim().toLowerCase().replace(/\s+/g, ' ');
      const digits = text.replace(/[\s()+.-]/g, '');
      if (text.length < 2 && !/^\d+$/.test(text)) return [];
      const hits = /^\d+$/.test(digits)
        ? await searchDigits(companyId, digits)
        : await searchText(companyId, text);
      const seen = new Set<number>();
      return hits.filter((h) => !seen.has(h.customerId) && seen.add(h.customerId)).slice(0, SEARCH_LIMIT);
    },

    /** The profile staff work from: contact details, whether identity data is on file (never the data), enrollments. */
    async profile(companyId: number, customerId: number) {
      const customer = await findCustomer(db, companyId, customerId);
      if (!customer) throw notFound(`Customer ${customerId}`);
      return {
        id: customer.id,
        name: displayName(customer),
        firstName: customer.first_name,
        lastName: customer.last_name,
        firmName: customer.firm_name,
        contactName: customer.contact_name,
        email: customer.email,
        alternativeEmail: customer.alternative_email,
        phone: customer.phone,
        cellNumber: customer.cell_number,
        userName: customer.user_name,
        active: customer.active === 1,
        createdAt: customer.created_at,
        ssnOnFile: customer.ssn_last4 !== null,
        dateOfBirthOnFile: customer.date_of_birth_sealed !== null,
        ...(await this.activity(companyId, customerId)),
      };
    },

    /** What happened on the customer's accounts: enrollments, payments, statements, notifications, staff notes. */
    async activity(companyId: number, customerId: number) {
      const enrollments = await enrollmentsOfCustomer(db, companyId, customerId);
      const ids = enrollments.map((e) => e.id);
      const [payments, statements, notifications, notes] = await Promise.all([
        paymentsOf(ids),
        statementsOf(companyId, ids),
        deps.notifications.byCustomer(companyId, customerId, false),
        store.notesOf(db, companyId, customerId, RECENT),
      ]);
      return {
        enrollments,
        payments,
        statements,
        notifications: notifications.slice(0, RECENT),
        notes: notes.map(noteWire),
      };
    },

    /** A note by a staff member about the customer; kept as written. */
    async addNote(companyId: number, customerId: number, author: string, body: string) {
      await this.customerOf(companyId, customerId);
      return noteWire(
        await store.insertNote(db, {
          company_id: companyId,
          customer_id: customerId,
          author,
          body,
          created_at: deps.clock.now().toISOString(),
        }),
      );
    },

    /** The customer of the company, or 404 (another company's customer is not found either). */
    async customerOf(companyId: number, customerId: number) {
      const customer = await findCustomer(db, companyId, customerId);
      if (!customer) throw notFound(`Customer ${customerId}`);
      return customer;
    },

    /** Emails the customer a password-reset link, as the customer's own request would. */
    async sendPasswordResetLink(companyId: number, customerId: number) {
      await this.customerOf(companyId, customerId);
      return deps.customers.sendResetLinkForStaff(companyId, customerId);
    },

    /** Sends one of the customer's notifications again. */
    resendNotification: (companyId: number, notificationId: number) =>
      deps.notifications.resend(companyId, notificationId),

    /** The enrollment changes a customer may make, asked by staff on the customer's behalf (same rules). */
    changes: deps.changes,

    /** The plans an enrollment may be renewed onto, documents linked in the customer's language. */
    renewalPlans: (companyId: number, id: number) =>
      deps.changes.renewalPlans(companyId, id, { baseUrl: deps.documentBaseUrl() }),

    /** An enrollment of the company with its status (404 for another company's). */
    enrollmentStatus: (companyId: number, id: number) => deps.enrollments.row(companyId, id),

    /** One piece of identity data, for a staff member permitted to see it (the route audits each reveal). */
    async reveal(companyId: number, customerId: number, field: Revealable): Promise<string | null> {
      const customer = await findCustomer(db, companyId, customerId);
      if (!customer) throw notFound(`Customer ${customerId}`);
      if (field === 'ssnLast4') return customer.ssn_last4;
      return customer.date_of_birth_sealed ? open(deps.secretBox, customer.date_of_birth_sealed) : null;
    },
  };
}

export type CustomerView = ReturnType<typeof createCustomerView>;
