import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { BaseLogger } from 'pino';
import type { Static } from 'typebox';
import {
  type DocumentSigningPort,
  RECIPIENT_VIEW_LIFETIME_SECONDS,
  SigningRefusedError,
  SigningUnavailableError,
} from '../../adapters/document-signing/port.js';
import type { Mode } from '../../config/index.js';
import type { Database } from '../../db/schema.js';
import { parsedHttpUrl } from '../../http/absolute-url.js';
import type { Paging } from '../../http/envelope.js';
import { ApiError, notFound } from '../../http/errors.js';
import type { Caller } from '../../security/callers.js';
import type { FileContent, FilesService } from '../files/index.js';
import * as packageStore from './package-store.js';
import { importPricingMatrix, type PricingMatrixFile } from './pricing-matrix.js';
import * as pricingStore from './pricing-store.js';
import type {
  PackagesQuery,
  ProspectDocument,
  ProspectRequest,
  ProspectStatus,
  ProspectsQuery,
  SigningMethod,
  SigningStatus,
  SigningViewRequest,
  StatusUpdateRequest,
} from './schemas.js';
import * as signingStore from './signing-store.js';
import * as store from './store.js';
import {
  allowedTargets,
  EXPIRY_TARGETS,
  findTransition,
  SIGNING_SALES_EFFECT,
  signingMoveAllowed,
} from './transitions.js';

/** Stored files of prospects carry this owner type. */
export const PROSPECT_FILE_OWNER = 'prospect';

const toMicros = (value: number) => Math.round(value * 1_000_000);
const fromMicros = (micros: number) => micros / 1_000_000;
const todayUtc = () => new Date().toISOString().slice(0, 10);

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function monthsBetween(fromDate: string, toDate: string): number {
  const [fy, fm] = fromDate.split('-').map(Number) as [number, number];
  const [ty, tm] = toDate.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm);
}

/** A date means its first (updateFrom) or last (updateTo) instant, UTC; instants are normalised to ISO-8601 UTC. */
function instantOf(value: string, field: string, end: boolean): string {
  const text = /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? `${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z`
    : value;
  const time = new Date(/[zZ]|[+-]\d{2}:\d{2}$/.test(text) ? text : `${text}Z`).getTime();
  if (Number.isNaN(time)) {
    throw new ApiError('VALIDATION_FAILED', 'The request is invalid.', [
      `querystring.${field}: is not a valid date or date-time`,
    ]);
  }
  return new Date(time).toISOString();
}

const invalid = (field: string, problem: string) =>
  new ApiError('VALIDATION_FAILED', 'The request is invalid.', [`body.${field}: ${problem}`]);

type Address = Static<typeof ProspectRequest>['serviceAddress'];
const addressOut = (json: string | null) => {
  if (json === null) return null;
  const a = JSON.parse(json) as Address;
  return {
    address1: a.address1,
    address2: a.address2 ?? null,
    city: a.city,
    state: a.state,
    zipCode: a.zipCode,
    county: a.county ?? null,
  };
};

/**
 * Where the signing service may send the signer's browser back to: an absolute https URL; plain http only to this
 * machine outside production (a developer's own app), as no real signing session should return in the clear.
 */
function signingReturnUrl(value: string, mode: Mode): string {
  const url = parsedHttpUrl(value);
  const local = url !== null && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url?.protocol === 'https:' || (url?.protocol === 'http:' && local && mode !== 'production')) {
    return url.href;
  }
  throw invalid(
    'returnUrl',
    mode === 'production'
      ? 'must be an absolute https URL'
      : 'must be an absolute https URL (or http on localhost, outside production)',
  );
}

/** The customer who signs the contract, as the signing service knows them. */
export function signerOf(prospect: store.ProspectRow) {
  const customer = JSON.parse(prospect.customer) as Static<typeof ProspectRequest>['customer'];
  const name =
    [customer.firstName, customer.lastName].filter(Boolean).join(' ') ||
    customer.contactName ||
    customer.firmName ||
    'Customer';
  return { name, email: customer.email ?? null, phone: customer.phoneNumber };
}

export interface ProspectsDeps {
  db: Kysely<Database>;
  files: FilesService;
  signing: DocumentSigningPort;
  log: Pick<BaseLogger, 'warn'>;
  /** Production accepts only https return URLs for signing views. */
  mode: Mode;
}

export function createProspectsService({ db, files, signing, log, mode }: ProspectsDeps) {
  /** Linked accounts that are not Agents see only their affiliate's prospects. */
  async function scopeOf(caller: Caller) {
    const affiliate = await store.findAffiliateOfAccount(db, caller.accountId);
    const limited = affiliate !== undefined && !caller.roleGroups.includes('Agent');
    return {
      affiliate: affiliate ?? null,
      scope: { companyId: caller.companyId, affiliateId: limited ? affiliate.id : null },
    };
  }

  async function documentsOf(companyId: number, prospectIds: number[], baseUrl: string) {
    const stored = await files.list(companyId, PROSPECT_FILE_OWNER, prospectIds);
    return stored.map((f) => ({
      ownerId: f.owner_id,
      document: {
        idDocument: f.id,
        fileName: f.file_name,
        contentType: f.content_type,
        sizeBytes: f.size_bytes,
        uploadedAt: f.created_at,
        downloadUrl: files.downloadUrl(baseUrl, f.id),
      },
    }));
  }

  function toProspect(row: store.ProspectRow, documents: Array<Static<typeof ProspectDocument>>) {
    const customer = JSON.parse(row.customer) as Static<typeof ProspectRequest>['customer'];
    const serviceAddress = addressOut(row.service_address)!;
    return {
      idProspect: row.id,
      customer: {
        firstName: customer.firstName ?? null,
        lastName: customer.lastName ?? null,
        firmName: customer.firmName ?? null,
        contactName: customer.contactName ?? null,
        email: customer.email ?? null,
        phoneNumber: customer.phoneNumber,
        idPreferedLanguage: customer.idPreferedLanguage,
      },
      serviceAddress,
      // The billing address defaults to the service address.
      billingAddress: addressOut(row.billing_address) ?? serviceAddress,
      ldc: row.ldc,
      commodityName: row.commodity_name,
      priceProviderUtilityCode: row.price_provider_utility_code,
      priceFileDate: row.price_file_date,
      zone: row.zone,
      rateCode: row.rate_code,
      term: row.term,
      startDate: row.start_date,
      price: fromMicros(row.price_micros),
      affiliateCommissionRate:
        row.affiliate_commission_rate_micros === null
          ? null
          : fromMicros(row.affiliate_commission_rate_micros),
      usageTier: row.usage_tier,
      customerType: row.customer_type_code,
      agentName: row.agent_name,
      serviceReferenceId: row.service_reference_id,
      annualUsage: row.annual_usage,
      affiliateReferenceId: row.affiliate_reference_id,
      repReferenceId: row.rep_reference_id,
      userName: row.user_name,
      status: row.status as ProspectStatus,
      signingStatus: row.signing_status as SigningStatus | null,
      signingMethod: row.signing_method as SigningMethod | null,
      idProspectPackage: row.package_id,
      utility: {
        id_utility: row.utility_id,
        code: row.utility_code,
        name: row.utility_name,
        commodity: row.utility_commodity,
      },
      affiliate:
        row.affiliate_id === null ? null : { idAffiliate: row.affiliate_id, name: row.affiliate_name ?? '' },
      expirationDate: row.expiration_date,
      rate: fromMicros(row.rate_micros),
      createdAt: row.created_at,
      modifiedAt: row.modified_at,
      documents,
    };
  }

  async function present(row: store.ProspectRow, baseUrl: string) {
    const documents = await documentsOf(row.company_id, [row.id], baseUrl);
    return toProspect(
      row,
      documents.map((d) => d.document),
    );
  }

  async function mustFind(scope: store.ProspectScope, prospectId: number) {
    const row = await store.findProspect(db, scope, prospectId);
    if (!row) throw notFound(`Prospect ${prospectId}`);
    return row;
  }

  /** The matrix price for the prospect's key, in millionths of a dollar; 422 PRICE_NOT_FOUND otherwise. */
  async function matrixRate(
    companyId: number,
    p: {
      utilityCode: string;
      zone: string;
      rateCode: string;
      term: number;
      usageTier: string;
      startDate: string;
    },
  ): Promise<number> {
    const key = {
      utilityCode: p.utilityCode.toUpperCase(),
      zone: p.zone.trim().toUpperCase(),
      rateCode: p.rateCode.trim().toUpperCase(),
      termMonths: p.term,
      usageTier: p.usageTier.trim().toUpperCase(),
      startMonth: p.startDate.slice(0, 7),
    };
    const price = await pricingStore.findPrice(db, companyId, key);
    if (!price) {
      throw new ApiError(
        'PRICE_NOT_FOUND',
        `The pricing matrix has no price for ${key.utilityCode}, zone ${key.zone}, rate code ${key.rateCode}, ` +
          `${key.termMonths} months, usage tier ${key.usageTier}, starting ${key.startMonth}.`,
      );
    }
    return price.price_micros;
  }

  async function create(caller: Caller, input: Static<typeof ProspectRequest>, baseUrl: string) {
    const { companyId } = caller;
    const [utility, customerType, languageOk, settings] = await Promise.all([
      store.findUtilityByCode(db, companyId, input.priceProviderUtilityCode.trim()),
      store.findCustomerTypeByCode(db, companyId, input.customerType),
      store.languageExists(db, input.customer.idPreferedLanguage),
      pricingStore.findSettings(db, companyId),
    ]);
    if (!languageOk) throw invalid('customer.idPreferedLanguage', 'no language has this id');
    if (!utility)
      throw invalid(
        'priceProviderUtilityCode',
        `no utility of this company has the code "${input.priceProviderUtilityCode}"`,
      );
    if (input.commodityName !== utility.commodity)
      throw invalid('commodityName', `must be ${utility.commodity}, the commodity of ${utility.code}`);
    if (!customerType) {
      const codes = await store.listCustomerTypeCodes(db, companyId);
      throw invalid('customerType', `must be one of ${codes.join(', ')}`);
    }
    if (!settings) {
      throw new ApiError(
        'PRICING_RULE_REFUSED',
        'This retail company has no pricing matrix rules; prospects are not set up.',
      );
    }
    const availableTypes = JSON.parse(settings.available_customer_types) as string[];
    if (!availableTypes.includes(customerType.code)) {
      throw new ApiError(
        'PRICING_RULE_REFUSED',
        `Prospects are not available for the customer type ${customerType.code}.`,
        [`body.customerType: must be one of ${availableTypes.join(', ')}`],
      );
    }
    const terms = JSON.parse(settings.terms_available_for_use) as number[];
    if (!terms.includes(input.term)) {
      throw new ApiError('PRICING_RULE_REFUSED', `A ${input.term}-month term is not available for use.`, [
        `body.term: must be one of ${terms.join(', ')}`,
      ]);
    }
    if (monthsBetween(input.priceFileDate, input.startDate) > settings.tenor_limit_for_prices) {
      throw new ApiError(
        'PRICING_RULE_REFUSED',
        `The start date is more than ${settings.tenor_limit_for_prices} months after the price file date.`,
        [`body.startDate: must be within ${settings.tenor_limit_for_prices} months of priceFileDate`],
      );
    }
    const cover = await packageStore.packageCovers(db, companyId, input.idProspectPackage, {
      customerTypeId: customerType.id,
      utilityId: utility.id,
      marketId: utility.market_id,
    });
    if (cover !== 'covers') {
      throw new ApiError(
        'PROSPECT_PACKAGE_NOT_APPLICABLE',
        cover === 'missing'
          ? `Prospect package ${input.idProspectPackage} does not exist.`
          : `Prospect package ${input.idProspectPackage} does not cover ${customerType.code} customers of ${utility.code}.`,
        [
          `body.idProspectPackage: ${cover === 'missing' ? 'no such package' : 'does not cover this customer type, utility and market'}`,
        ],
      );
    }
    const rateMicros = await matrixRate(companyId, {
      utilityCode: utility.code,
      zone: input.zone,
      rateCode: input.rateCode,
      term: input.term,
      usageTier: input.usageTier,
      startDate: input.startDate,
    });
    const { affiliate } = await scopeOf(caller);
    const now = new Date().toISOString();
    const id = await store.insertProspect(db, {
      company_id: companyId,
      affiliate_id: affiliate?.id ?? null,
      created_by_account_id: caller.accountId,
      customer: JSON.stringify(input.customer),
      service_address: JSON.stringify(input.serviceAddress),
      billing_address: input.billingAddress ? JSON.stringify(input.billingAddress) : null,
      ldc: input.ldc,
      commodity_name: input.commodityName,
      utility_id: utility.id,
      price_provider_utility_code: utility.code,
      price_file_date: input.priceFileDate,
      zone: input.zone.trim().toUpperCase(),
      rate_code: input.rateCode.trim().toUpperCase(),
      term: input.term,
      start_date: input.startDate,
      price_micros: toMicros(input.price),
      affiliate_commission_rate_micros:
        input.affiliateCommissionRate === undefined ? null : toMicros(input.affiliateCommissionRate),
      usage_tier: input.usageTier.trim().toUpperCase(),
      customer_type_id: customerType.id,
      agent_name: input.agentName ?? null,
      service_reference_id: input.serviceReferenceId ?? null,
      annual_usage: input.annualUsage ?? null,
      affiliate_reference_id: input.affiliateReferenceId ?? null,
      rep_reference_id: input.repReferenceId ?? null,
      user_name: input.userName,
      status: input.status,
      signing_status: null,
      package_id: input.idProspectPackage,
      expiration_date: addDays(now.slice(0, 10), customerType.prospect_expiration_days),
      rate_micros: rateMicros,
      created_at: now,
      modified_at: now,
    });
    return present(await mustFind({ companyId, affiliateId: null }, id), baseUrl);
  }

  async function list(caller: Caller, query: Static<typeof ProspectsQuery>, paging: Paging, baseUrl: string) {
    const { scope } = await scopeOf(caller);
    const filter = {
      updateFrom: query.updateFrom ? instantOf(query.updateFrom, 'updateFrom', false) : undefined,
      updateTo: query.updateTo ? instantOf(query.updateTo, 'updateTo', true) : undefined,
      affiliateReferenceId: query.affiliateReferenceId,
      repReferenceId: query.repReferenceId,
      status: query.status,
      ldcNumber: query.ldcNumber,
      hasRepReferenceId: query.hasRepReferenceId ?? 'All',
    };
    if (filter.updateFrom && filter.updateTo && filter.updateFrom > filter.updateTo) {
      throw new ApiError('VALIDATION_FAILED', 'The request is invalid.', [
        'querystring.updateTo: must not be before updateFrom',
      ]);
    }
    const { rows, total } = await store.pageProspects(db, scope, filter, paging);
    const documents = await documentsOf(
      caller.companyId,
      rows.map((r) => r.id),
      baseUrl,
    );
    const items = rows.map((row) =>
      toProspect(
        row,
        documents.filter((d) => d.ownerId === row.id).map((d) => d.document),
      ),
    );
    return { items, total };
  }

  async function get(caller: Caller, prospectId: number, baseUrl: string) {
    const { scope } = await scopeOf(caller);
    return present(await mustFind(scope, prospectId), baseUrl);
  }

  async function uploadDocument(caller: Caller, prospectId: number, file: FileContent, baseUrl: string) {
    const { scope } = await scopeOf(caller);
    const prospect = await mustFind(scope, prospectId);
    const stored = await files.store(
      {
        companyId: caller.companyId,
        ownerType: PROSPECT_FILE_OWNER,
        ownerId: prospect.id,
        holder: `prospect:${prospect.id}`,
      },
      file,
    );
    await store.touchProspect(db, prospect.id);
    return {
      idDocument: stored.id,
      fileName: stored.file_name,
      contentType: stored.content_type,
      sizeBytes: stored.size_bytes,
      uploadedAt: stored.created_at,
      downloadUrl: files.downloadUrl(baseUrl, stored.id),
    };
  }

  /** The signing service's failure as the API's answer: 503 when it did not answer, 422 when it refused. */
  function signingFailure(error: unknown, what: string): unknown {
    if (error instanceof SigningUnavailableError)
      return new ApiError(
        'UPSTREAM_UNAVAILABLE',
        `The document-signing service did not ${what}: ${error.message}`,
      );
    if (error instanceof SigningRefusedError)
      return new ApiError(
        'SIGNING_REFUSED',
        `The document-signing service refused to ${what}: ${error.message}`,
      );
    return error;
  }

  /**
   * Creates the contract envelope, recorded first under a new reference so the signing service never holds an
   * envelope Voltin has no row of; when the service does not create it, the record is dropped and nothing changed.
   * In person, the signer is captive: the prospect's id is their clientUserId, which every signing view names.
   */
  async function createContractEnvelope(prospect: store.ProspectRow, method: SigningMethod) {
    const account = await signingStore.findSigningAccount(db, prospect.company_id);
    if (!account) {
      throw new ApiError(
        'SIGNING_NOT_CONFIGURED',
        'This retail company has no document-signing account, so a contract cannot be sent.',
      );
    }
    const clientUserId = method === 'InPerson' ? String(prospect.id) : null;
    const documents = account.template_id
      ? []
      : await files.contents(prospect.company_id, PROSPECT_FILE_OWNER, prospect.id);
    const reference = `prospect-${prospect.id}-${randomUUID()}`;
    const rowId = await signingStore.recordEnvelope(db, {
      companyId: prospect.company_id,
      prospectId: prospect.id,
      signingAccountId: account.id,
      reference,
      signingMethod: method,
      clientUserId,
    });
    try {
      const { envelopeId } = await signing.createEnvelope({
        accountId: account.account_id,
        emailSubject: `Your ${prospect.utility_name} electricity contract`,
        signer: { ...signerOf(prospect), clientUserId },
        documents: documents.map((d) => ({
          name: d.file_name,
          contentType: d.content_type,
          content: d.content,
        })),
        template: account.template_id
          ? { templateId: account.template_id, roleName: account.template_role ?? 'Signer' }
          : null,
        reference,
      });
      return { rowId, envelopeId, accountId: account.account_id };
    } catch (error) {
      await signingStore.forgetEnvelope(db, rowId);
      throw signingFailure(error, 'create the contract envelope');
    }
  }

  async function voidOpenEnvelope(prospect: store.ProspectRow, reason: string) {
    const envelope = await signingStore.latestEnvelope(db, prospect.id);
    if (!envelope || !signingMoveAllowed(prospect.signing_status as SigningStatus | null, 'Canceled'))
      return false;
    try {
      await signing.voidEnvelope(envelope.account_id, envelope.envelope_id, reason);
    } catch (error) {
      throw signingFailure(error, 'void the envelope');
    }
    await signingStore.setEnvelopeStatus(db, envelope.envelope_id, 'Canceled');
    return true;
  }

  async function updateStatus(caller: Caller, prospectId: number, body: Static<typeof StatusUpdateRequest>) {
    const { scope } = await scopeOf(caller);
    const prospect = await mustFind(scope, prospectId);
    const from = prospect.status as ProspectStatus;
    const to = body.newStatus;
    if (body.signingMethod !== undefined && to !== 'Contract_Sent') {
      throw invalid('signingMethod', 'is only for newStatus Contract_Sent');
    }
    const transition = findTransition(from, to, 'update-status');
    if (!transition) {
      const allowed = allowedTargets(from, 'update-status');
      throw new ApiError(
        'PROSPECT_STATUS_TRANSITION_REFUSED',
        `A prospect in status ${from} cannot be moved to ${to}; ` +
          (allowed.length > 0 ? `it may move to ${allowed.join(', ')}.` : `${from} is final.`),
        [`body.newStatus: ${from} → ${to} is not an allowed transition`],
      );
    }
    if (transition.roleGroups && !transition.roleGroups.some((g) => caller.roleGroups.includes(g))) {
      throw new ApiError(
        'PERMISSION_DENIED',
        `Moving a prospect from ${from} to ${to} needs one of the role groups: ${transition.roleGroups.join(', ')}.`,
      );
    }
    const now = new Date().toISOString();
    const changes: Parameters<typeof store.updateProspect>[3] = { status: to, modified_at: now };
    if (body.repReferenceId !== undefined) changes.rep_reference_id = body.repReferenceId;
    const restartExpiry = () => addDays(now.slice(0, 10), prospect.prospect_expiration_days);

    if (to === 'Quote_Sent' && from === 'Quote_Expired') {
      changes.rate_micros = await matrixRate(prospect.company_id, {
        utilityCode: prospect.price_provider_utility_code,
        zone: prospect.zone,
        rateCode: prospect.rate_code,
        term: prospect.term,
        usageTier: prospect.usage_tier,
        startDate: prospect.start_date,
      });
      changes.expiration_date = restartExpiry();
    }
    if (from === 'Contract_Sent' && (to === 'Quote_Sent' || to === 'Canceled')) {
      if (await voidOpenEnvelope(prospect, `Prospect moved to ${to}`)) changes.signing_status = 'Canceled';
    }
    if (to !== 'Contract_Sent') {
      if (!(await store.updateProspect(db, prospect.id, from, changes))) throw raced(prospect.id);
      return { idProspect: prospect.id, previousStatus: from, newStatus: to };
    }

    // Contract_Sent: envelope created (signingStatus Created), then sent (Unsigned), or held (OnHold).
    const envelope = await createContractEnvelope(prospect, body.signingMethod ?? 'Remote');
    changes.signing_status = 'Created';
    changes.expiration_date = restartExpiry();
    const moved = await db.transaction().execute(async (trx) => {
      if (!(await store.updateProspect(trx, prospect.id, from, changes))) return false;
      await signingStore.setEnvelopeCreated(trx, envelope.rowId, envelope.envelopeId);
      return true;
    });
    if (!moved) {
      await signing
        .voidEnvelope(envelope.accountId, envelope.envelopeId, 'Prospect changed meanwhile')
        .catch(() => {});
      await signingStore.setEnvelopeCreated(db, envelope.rowId, envelope.envelopeId);
      await signingStore.setEnvelopeStatus(db, envelope.envelopeId, 'Canceled');
      throw raced(prospect.id);
    }
    let sent: SigningStatus = 'Unsigned';
    try {
      await signing.sendEnvelope(envelope.accountId, envelope.envelopeId);
    } catch (error) {
      if (!(error instanceof SigningUnavailableError || error instanceof SigningRefusedError)) throw error;
      log.warn(
        { prospectId: prospect.id, envelopeId: envelope.envelopeId, err: error },
        'contract envelope not sent; on hold',
      );
      sent = 'OnHold';
    }
    await signingStore.setEnvelopeStatus(db, envelope.envelopeId, sent);
    await store.moveSigningStatus(db, prospect.id, 'Created', sent);
    return { idProspect: prospect.id, previousStatus: from, newStatus: to };
  }

  /**
   * A one-time URL where the customer signs the prospect's open in-person contract now. The envelope's state is
   * checked here first, so each refusal says what to do; the signing service decides the rest.
   */
  async function createSigningView(
    caller: Caller,
    prospectId: number,
    body: Static<typeof SigningViewRequest>,
  ) {
    const returnUrl = signingReturnUrl(body.returnUrl, mode);
    const { scope } = await scopeOf(caller);
    const prospect = await mustFind(scope, prospectId);
    const envelope = await signingStore.latestEnvelope(db, prospect.id);
    if (!envelope) {
      throw new ApiError(
        'SIGNING_NO_ENVELOPE',
        `Prospect ${prospect.id} has no contract envelope: move it to Contract_Sent with signingMethod InPerson first.`,
      );
    }
    if (['Completed', 'Canceled', 'Expired'].includes(envelope.status)) {
      throw new ApiError(
        'SIGNING_ENVELOPE_CLOSED',
        `The contract envelope of prospect ${prospect.id} is ${envelope.status === 'Canceled' ? 'declined or voided' : envelope.status.toLowerCase()} (signingStatus ${envelope.status}); nobody can sign it any more.`,
      );
    }
    if (envelope.signing_method !== 'InPerson' || !envelope.client_user_id) {
      throw new ApiError(
        'SIGNING_NOT_IN_PERSON',
        `The contract of prospect ${prospect.id} was sent for remote signing: the customer signs from the link the signing service sent them.`,
      );
    }
    if (!['Unsigned', 'PartiallySigned'].includes(envelope.status)) {
      throw new ApiError(
        'SIGNING_ENVELOPE_NOT_SENT',
        `The contract envelope of prospect ${prospect.id} was not sent by the signing service (signingStatus ${envelope.status}); withdraw it (Quote_Sent) and send it again.`,
      );
    }
    // Stated before asking: the URL lives five minutes from when the signing service made it, which is later.
    const expiresAt = new Date(Date.now() + RECIPIENT_VIEW_LIFETIME_SECONDS * 1000).toISOString();
    const { name, email } = signerOf(prospect);
    try {
      const { url } = await signing.createRecipientView(envelope.account_id, envelope.envelope_id, {
        returnUrl,
        signer: { name, email, clientUserId: envelope.client_user_id },
      });
      return { url, expiresAt };
    } catch (error) {
      throw signingFailure(error, 'open the signing view');
    }
  }

  const raced = (prospectId: number) =>
    new ApiError(
      'PROSPECT_STATUS_TRANSITION_REFUSED',
      `Prospect ${prospectId} changed status while this request ran; read it again and retry.`,
    );

  async function rules(companyId: number) {
    const settings = await pricingStore.findSettings(db, companyId);
    if (!settings) throw notFound('Pricing matrix rules of this retail company');
    return {
      availableCustomerTypes: JSON.parse(settings.available_customer_types) as string[],
      termsAvailableForUse: JSON.parse(settings.terms_available_for_use) as number[],
      recomendedPricingMatrixTerms: JSON.parse(settings.recommended_pricing_matrix_terms) as number[],
      tenorLimitForPrices: settings.tenor_limit_for_prices,
    };
  }

  async function packages(companyId: number, query: Static<typeof PackagesQuery>) {
    const rows = await packageStore.listPackages(db, companyId, {
      stateCode: query.State?.toUpperCase(),
      utilityCode: query.PriceProviderUtilityCode?.toUpperCase(),
      customerType: query.CustomerType,
    });
    return rows.map((p) => ({
      idProspectPackage: p.id,
      name: p.name,
      description: p.description,
      customerTypes: p.customerTypes,
      markets: p.markets.map((m) => ({ id_market: m.id, name: m.name, state_code: m.state_code })),
      utilities: p.utilities.map((u) => ({ id_utility: u.id, code: u.code, name: u.name })),
      documents: p.documents.map((d) => ({
        idDocument: d.id,
        name: d.name,
        documentType: d.document_type,
        url: d.url,
      })),
    }));
  }

  /**
   * The expiry sweep: prospects whose expirationDate has passed move to Quote_Expired or Contract_Expired
   * (PROSPECT_STATUS_TRANSITIONS, trigger `expiry`) and their modifiedAt changes, so a sync lists them.
   */
  async function expireDue(): Promise<string> {
    const due = await store.listExpired(db, Object.keys(EXPIRY_TARGETS), todayUtc());
    let expired = 0;
    for (const row of due) {
      const to = EXPIRY_TARGETS[row.status as ProspectStatus]!;
      const changes: Parameters<typeof store.updateProspect>[3] = {
        status: to,
        modified_at: new Date().toISOString(),
      };
      if (
        row.status === 'Contract_Sent' &&
        signingMoveAllowed(row.signing_status as SigningStatus | null, 'Expired')
      ) {
        const envelope = await signingStore.latestEnvelope(db, row.id);
        if (envelope) {
          await signing
            .voidEnvelope(envelope.account_id, envelope.envelope_id, 'Envelope has expired.')
            .catch((error: unknown) =>
              log.warn(
                { err: error, envelopeId: envelope.envelope_id },
                'could not void an expired contract envelope',
              ),
            );
          await signingStore.setEnvelopeStatus(db, envelope.envelope_id, 'Expired');
        }
        changes.signing_status = 'Expired';
      }
      if (await store.updateProspect(db, row.id, row.status, changes)) expired++;
    }
    return `expired ${expired} prospect${expired === 1 ? '' : 's'}`;
  }

  return {
    create,
    list,
    get,
    uploadDocument,
    updateStatus,
    createSigningView,
    rules,
    packages,
    expireDue,
    importPricingMatrix: (companyId: number, file: PricingMatrixFile) =>
      importPricingMatrix(db, companyId, file),
  };
}

export type ProspectsService = ReturnType<typeof createProspectsService>;

/**
 * Applies a signing status reported by the signing service's webhook to the envelope and, when it is the
 * prospect's newest envelope, to the prospect (with the sales move of SIGNING_SALES_EFFECT when the
 * transition table allows it). `at` is when the signing service generated the event: an event older than the one
 * that set the envelope's status changes nothing. Runs in the webhook's transaction.
 */
export async function applySigningStatus(
  trx: Kysely<Database>,
  envelope: { company_id: number; prospect_id: number; envelope_id: string },
  signingStatus: SigningStatus,
  at: string,
) {
  const current = await signingStore.moveEnvelopeByEvent(trx, envelope.envelope_id, signingStatus, at);
  const prospect = await store.findProspect(
    trx,
    { companyId: envelope.company_id, affiliateId: null },
    envelope.prospect_id,
  );
  if (!prospect) throw notFound(`Prospect of envelope ${envelope.envelope_id}`);
  const result = {
    idProspect: prospect.id,
    status: prospect.status as ProspectStatus,
    signingStatus: prospect.signing_status as SigningStatus | null,
    changed: false,
    note: '',
  };
  if (!current) {
    return { ...result, note: 'The envelope already has a status from a later event; nothing changed.' };
  }
  const latest = await signingStore.latestEnvelope(trx, prospect.id);
  if (latest?.envelope_id !== envelope.envelope_id) {
    return { ...result, note: 'The envelope was replaced by a newer one; the prospect is unchanged.' };
  }
  if (!signingMoveAllowed(result.signingStatus, signingStatus)) {
    return {
      ...result,
      note: `The signing status ${result.signingStatus} does not move to ${signingStatus}; nothing changed.`,
    };
  }
  const changes: Parameters<typeof store.updateProspect>[3] = {
    signing_status: signingStatus,
    modified_at: new Date().toISOString(),
  };
  const salesTarget = SIGNING_SALES_EFFECT[signingStatus];
  if (salesTarget && findTransition(prospect.status, salesTarget, 'signing')) changes.status = salesTarget;
  if (!(await store.updateProspect(trx, prospect.id, prospect.status, changes, prospect.signing_status))) {
    return { ...result, note: 'The prospect changed while this event was processed; nothing changed.' };
  }
  return {
    ...result,
    status: (changes.status ?? prospect.status) as ProspectStatus,
    signingStatus,
    changed: true,
    note: changes.status
      ? `Signing status ${signingStatus}; sales status ${changes.status}.`
      : `Signing status ${signingStatus}.`,
  };
}

/** The prospect's statuses now (a replayed webhook answers with them). */
export async function currentStatuses(db: Kysely<Database>, companyId: number, prospectId: number) {
  const prospect = await store.findProspect(db, { companyId, affiliateId: null }, prospectId);
  if (!prospect) throw notFound(`Prospect ${prospectId}`);
  return {
    idProspect: prospect.id,
    status: prospect.status as ProspectStatus,
    signingStatus: prospect.signing_status as SigningStatus | null,
  };
}
