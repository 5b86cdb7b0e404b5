import type { Static } from 'typebox';
import type { Page, Paging } from '../../http/envelope.js';
import { ApiError } from '../../http/errors.js';
import type { Caller } from '../../security/callers.js';
import type { ProspectsDeps } from './deps.js';
import { documentsOf } from './documents.js';
import { type ProspectRow, pageProspects } from './lookups.js';
import { toProspect } from './presentation.js';
import type { Prospect, ProspectsQuery } from './schemas.js';
import type * as store from './store.js';
import { findVisible, scopeOf } from './visibility.js';

type Deps = Pick<ProspectsDeps, 'db' | 'files'>;
type ProspectWire = Static<typeof Prospect>;

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

function filterOf(query: Static<typeof ProspectsQuery>): store.ProspectFilter {
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
  return filter;
}

/** The prospect as the API shows it, with its documents. */
export async function present(
  { files }: Pick<ProspectsDeps, 'files'>,
  row: ProspectRow,
  baseUrl: string,
): Promise<ProspectWire> {
  const documents = await documentsOf(files, row.company_id, [row.id], baseUrl);
  return toProspect(
    row,
    documents.map((d) => d.document),
  );
}

export async function getProspect(
  deps: Deps,
  caller: Caller,
  prospectId: number,
  baseUrl: string,
): Promise<ProspectWire> {
  return present(deps, await findVisible(deps.db, caller, prospectId), baseUrl);
}

export async function listProspects(
  { db, files }: Deps,
  caller: Caller,
  query: Static<typeof ProspectsQuery>,
  paging: Paging,
  baseUrl: string,
): Promise<Page<ProspectWire>> {
  const { scope } = await scopeOf(db, caller);
  const { rows, total } = await pageProspects(db, scope, filterOf(query), paging);
  const documents = await documentsOf(
    files,
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
