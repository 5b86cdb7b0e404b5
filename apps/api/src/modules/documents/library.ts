import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Static } from 'typebox';
import type { VirusScanner } from '../../adapters/virus-scanner/index.js';
import type { Database } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { Clock } from '../../domain/clock.js';
import { dayOf } from '../../domain/dates.js';
import type { Page, Paging } from '../../http/envelope.js';
import { ApiError, notFound } from '../../http/errors.js';
import type { LinkSigner } from '../../security/signed-urls.js';
import { safeFileName } from '../files/index.js';
import {
  bundleIdsWithPlan,
  documentLink,
  findBundlePlans,
  findPlanNames,
  findPlanOwners,
} from '../plans/index.js';
import * as store from './library-store.js';
import type {
  CreateLibraryDocumentBody,
  LibraryDocument,
  LibraryDocumentSummary,
  LibraryDocumentUse,
  LibraryDocumentVersion,
} from './ops-schemas.js';

type DocumentWire = Static<typeof LibraryDocument>;
type SummaryWire = Static<typeof LibraryDocumentSummary>;
type UseWire = Static<typeof LibraryDocumentUse>;
type DocumentRow = NonNullable<Awaited<ReturnType<typeof store.findDocument>>>;
type TargetType = 'plan' | 'bundle';

/** A PDF as the upload route read it: its name and bytes, the kind checked from its first bytes. */
export interface UploadedPdf {
  fileName: string;
  bytes: Buffer;
}

/** What the public API lists of a library document served with a plan. */
export interface ServedDocument {
  id: number;
  kind: string;
  name: string;
  url: string;
}

/** Welcome letters are sent after the sale, so they are not shown while a customer is choosing a plan. */
const SHOWN_BEFORE_SALE = (kind: string) => kind !== 'WELCOME_LETTER';

/** The version served on `today`: the newest already in effect and not retired (versions newest first). */
const liveOf = (versions: store.VersionRow[], today: string) =>
  versions.find((v) => v.retired_at === null && v.effective_from <= today);

const versionWire = (
  v: store.VersionRow,
  live: store.VersionRow | undefined,
): Static<typeof LibraryDocumentVersion> => ({
  version: v.version,
  fileName: v.file_name,
  sizeBytes: v.size_bytes,
  sha256: v.sha256,
  effectiveFrom: v.effective_from,
  uploadedBy: v.uploaded_by,
  uploadedAt: v.uploaded_at,
  retiredBy: v.retired_by,
  retiredAt: v.retired_at,
  live: v.id === live?.id,
});

/**
 * The company's document library: documents uploaded as PDF versions (checked by the virus scanner), attached to
 * plans and plan bundles, and served by the public API with each plan's generated documents. Owns the library tables.
 */
export function createDocumentLibrary(deps: {
  db: Kysely<Database>;
  linkSigner: LinkSigner;
  clock: Clock;
  scanner: VirusScanner;
}) {
  const { db, linkSigner, clock, scanner } = deps;
  const now = () => clock.now().toISOString();

  async function ownDocument(companyId: number, documentId: number): Promise<DocumentRow> {
    const document = await store.findDocument(db, documentId);
    if (!document || document.company_id !== companyId) throw notFound(`Document ${documentId}`);
    return document;
  }

  /** The plans and bundles the documents are attached to, named, with whether what they sell is published. */
  async function usesOf(companyId: number, documentIds: number[]) {
    const uses = await store.listUses(db, documentIds);
    const idsOf = (type: TargetType) => uses.filter((u) => u.target_type === type).map((u) => u.target_id);
    const bundles = await findBundlePlans(db, companyId, idsOf('bundle'));
    const bundlePlanIds = bundles.flatMap((b) => [b.electric_plan_id, b.gas_plan_id]);
    const plans = await findPlanNames(db, companyId, [...idsOf('plan'), ...bundlePlanIds]);
    const planById = new Map(plans.map((p) => [p.id, p]));
    const published = (id: number) => planById.get(id)?.published === 1;
    const describe = (use: (typeof uses)[number]): UseWire & { documentId: number } => {
      const bundle = bundles.find((b) => b.id === use.target_id);
      const target =
        use.target_type === 'plan'
          ? { name: planById.get(use.target_id)?.name ?? '', published: published(use.target_id) }
          : {
              name: bundle?.name ?? '',
              published: !!bundle && (published(bundle.electric_plan_id) || published(bundle.gas_plan_id)),
            };
      return {
        documentId: use.document_id,
        targetType: use.target_type,
        targetId: use.target_id,
        ...target,
        attachedBy: use.attached_by,
        attachedAt: use.attached_at,
      };
    };
    return uses.map(describe);
  }

  async function summaries(companyId: number, documents: DocumentRow[]) {
    const ids = documents.map((d) => d.id);
    const [versions, uses] = await Promise.all([store.listVersions(db, ids), usesOf(companyId, ids)]);
    const today = dayOf(clock);
    return documents.map((d) => {
      const own = versions.filter((v) => v.document_id === d.id);
      const ownUses = uses.filter((u) => u.documentId === d.id);
      const live = liveOf(own, today);
      const summary: SummaryWire = {
        id: d.id,
        kind: d.kind,
        name: d.name,
        language: d.language,
        liveVersion: live?.version ?? null,
        versionCount: own.length,
        useCount: ownUses.length,
        createdBy: d.created_by,
        createdAt: d.created_at,
      };
      const detail: DocumentWire = {
        ...summary,
        versions: own.map((v) => versionWire(v, live)),
        uses: ownUses.map(({ documentId: _, ...use }) => use),
      };
      return detail;
    });
  }

  async function detail(companyId: number, documentId: number): Promise<DocumentWire> {
    const [document] = await summaries(companyId, [await ownDocument(companyId, documentId)]);
    return document!;
  }

  async function versionOf(companyId: number, documentId: number, version: number) {
    await ownDocument(companyId, documentId);
    const found = (await store.listVersions(db, [documentId])).find((v) => v.version === version);
    if (!found) throw notFound(`Version ${version} of document ${documentId}`);
    return found;
  }

  /** Whether a published plan is sold with the document, directly or through one of its bundles. */
  async function soldWithPublishedPlan(companyId: number, documentId: number) {
    return (await usesOf(companyId, [documentId])).some((use) => use.published);
  }

  async function target(companyId: number, type: TargetType, id: number) {
    const found =
      type === 'plan'
        ? (await findPlanNames(db, companyId, [id]))[0]
        : (await findBundlePlans(db, companyId, [id]))[0];
    if (!found) throw notFound(type === 'plan' ? `Plan ${id}` : `Plan bundle ${id}`);
  }

  /** The live PDF of a library document in its own language, for the public download link. */
  async function liveFile(documentId: number, language: string) {
    const document = await store.findDocument(db, documentId);
    const live =
      document?.language === language && liveOf(await store.listVersions(db, [documentId]), dayOf(clock));
    if (!document || !live) throw notFound(`Document ${documentId}`);
    const { content } = await store.findVersionContent(db, live.id);
    return { fileName: `${safeFileName(document.name).replace(/\.pdf$/i, '')}.pdf`, bytes: content };
  }

  /** The library documents served with a plan in a language (those with a live version), with signed links. */
  async function servedWith(
    companyId: number,
    planId: number,
    links: { baseUrl: string; language: string },
  ): Promise<(ServedDocument & { shownBeforeSale: boolean })[]> {
    const [owner] = await findPlanOwners(db, [planId]);
    if (owner?.company_id !== companyId) return [];
    const documents = await store.documentsServedWith(
      db,
      companyId,
      links.language,
      planId,
      await bundleIdsWithPlan(db, planId),
    );
    const versions = await store.listVersions(
      db,
      documents.map((d) => d.id),
    );
    const today = dayOf(clock);
    return documents
      .filter((d) =>
        liveOf(
          versions.filter((v) => v.document_id === d.id),
          today,
        ),
      )
      .map((d) => ({
        id: d.id,
        kind: d.kind,
        name: d.name,
        url: documentLink(linkSigner, links.baseUrl, 'library', d.id, d.language),
        shownBeforeSale: SHOWN_BEFORE_SALE(d.kind),
      }));
  }

  return {
    async list(
      companyId: number,
      filter: { kind?: string; language?: string; planId?: number },
      paging: Paging,
    ): Promise<Page<SummaryWire>> {
      const usedBy =
        filter.planId === undefined
          ? undefined
          : { planId: filter.planId, bundleIds: await bundleIdsWithPlan(db, filter.planId) };
      const { items, total } = await store.listDocuments(db, companyId, { ...filter, usedBy }, paging);
      const described = await summaries(companyId, items);
      return { items: described.map(({ versions: _, uses: __, ...summary }) => summary), total };
    },

    detail,

    async create(companyId: number, body: Static<typeof CreateLibraryDocumentBody>, by: string) {
      const { id } = await store.insertDocument(db, {
        company_id: companyId,
        kind: body.kind,
        name: body.name.trim(),
        language: body.language,
        created_by: by,
        created_at: now(),
      });
      return detail(companyId, id);
    },

    /**
     * Keeps an uploaded PDF as the document's next version once the virus scanner passes it (422 FILE_INFECTED
     * otherwise). `read` reads the upload; it is called only for a document of the company.
     */
    async addVersion(
      companyId: number,
      documentId: number,
      read: () => Promise<UploadedPdf>,
      effectiveFrom: string | undefined,
      by: string,
    ) {
      await ownDocument(companyId, documentId);
      const file = await read();
      const verdict = await scanner.scan(file.bytes);
      if (!verdict.clean)
        throw new ApiError('FILE_INFECTED', `The virus scanner refused the file: ${verdict.finding}.`, [
          `file: ${verdict.finding}`,
        ]);
      const version = await store
        .insertNextVersion(db, {
          document_id: documentId,
          file_name: safeFileName(file.fileName),
          size_bytes: file.bytes.length,
          sha256: createHash('sha256').update(file.bytes).digest('hex'),
          content: file.bytes,
          effective_from: effectiveFrom ?? dayOf(clock),
          uploaded_by: by,
          uploaded_at: now(),
        })
        .catch((error: unknown) => {
          if (!isUniqueViolation(error)) throw error;
          throw new ApiError(
            'LIBRARY_DOCUMENT_VERSION_TAKEN',
            'Another version of this document was uploaded at the same moment; upload the file again.',
          );
        });
      return { version, document: await detail(companyId, documentId) };
    },

    async versionFile(companyId: number, documentId: number, version: number) {
      const found = await versionOf(companyId, documentId, version);
      const { file_name, content } = await store.findVersionContent(db, found.id);
      return { fileName: file_name, bytes: content };
    },

    /**
     * Retires a version. The only live version of a document a published plan is sold with cannot be retired
     * (409 LIBRARY_DOCUMENT_IN_USE): customers would stop receiving it. Retiring a retired version changes nothing.
     */
    async retire(companyId: number, documentId: number, version: number, by: string) {
      const found = await versionOf(companyId, documentId, version);
      const today = dayOf(clock);
      const versions = await store.listVersions(db, [documentId]);
      const live = liveOf(versions, today);
      const successor = liveOf(
        versions.filter((v) => v.id !== found.id),
        today,
      );
      if (live?.id === found.id && !successor && (await soldWithPublishedPlan(companyId, documentId)))
        throw new ApiError(
          'LIBRARY_DOCUMENT_IN_USE',
          `Version ${version} is the only live version of a document sold with a published plan; upload its successor first, or detach the document from the published plans.`,
        );
      const retired = await store.retireVersion(db, found.id, by, now());
      return { retired, document: await detail(companyId, documentId) };
    },

    async attach(companyId: number, documentId: number, type: TargetType, targetId: number, by: string) {
      await ownDocument(companyId, documentId);
      await target(companyId, type, targetId);
      const attached = await store.insertUse(db, {
        document_id: documentId,
        target_type: type,
        target_id: targetId,
        attached_by: by,
        attached_at: now(),
      });
      return { attached, document: await detail(companyId, documentId) };
    },

    async detach(companyId: number, documentId: number, type: TargetType, targetId: number) {
      await ownDocument(companyId, documentId);
      if (!(await store.deleteUse(db, documentId, type, targetId)))
        throw notFound(`${type === 'plan' ? 'Plan' : 'Plan bundle'} ${targetId} of document ${documentId}`);
      return detail(companyId, documentId);
    },

    servedWith,

    /** The same, as the public API lists a plan's documents (`GET /plans/docs/{planId}`). */
    async planDocuments(companyId: number, planId: number, links: { baseUrl: string; language: string }) {
      return (await servedWith(companyId, planId, links)).map((d) => ({
        id_plan_document: d.id,
        doc_type: d.kind,
        name: d.name,
        display_in_plan_listing: d.shownBeforeSale,
        display_in_summary: d.shownBeforeSale,
        display_in_thank_you_page: true,
        display_in_my_account: true,
        url: d.url,
      }));
    },

    liveFile,
  };
}

export type DocumentLibrary = ReturnType<typeof createDocumentLibrary>;
