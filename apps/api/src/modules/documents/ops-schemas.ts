import { Type } from 'typebox';
import { PagingQuery } from '../../http/envelope.js';
import { Id } from '../../http/schemas.js';

const Kind = Type.Union(
  [
    Type.Literal('TOS'),
    Type.Literal('EFL'),
    Type.Literal('YRAC'),
    Type.Literal('CONTRACT'),
    Type.Literal('WELCOME_LETTER'),
  ],
  {
    description:
      'TOS terms of service, EFL Electricity Facts Label, YRAC your rights as a customer, CONTRACT, WELCOME_LETTER; the public API gives it as `doc_type`.',
  },
);
const Language = Type.Union([Type.Literal('en'), Type.Literal('es')], { description: 'English or Spanish.' });
const TargetType = Type.Union([Type.Literal('plan'), Type.Literal('bundle')], {
  description: 'plan: served with the plan; bundle: served with both plans of the plan bundle.',
});

export const LibraryDocumentPath = Type.Object({ documentId: Id('The library document id.') });
export const LibraryVersionPath = Type.Object({
  documentId: Id('The library document id.'),
  version: Type.Integer({ minimum: 1, maximum: 100_000, description: 'The version number.' }),
});
export const LibraryUsePath = Type.Object({
  documentId: Id('The library document id.'),
  targetType: TargetType,
  targetId: Id('The plan or plan bundle id.'),
});

export const LibraryQuery = Type.Object({
  ...PagingQuery.properties,
  kind: Type.Optional(Kind),
  language: Type.Optional(Language),
  planId: Type.Optional(
    Id('Only documents served with this plan (attached to it or to one of its bundles).'),
  ),
});

export const CreateLibraryDocumentBody = Type.Object(
  {
    kind: Kind,
    name: Type.String({ minLength: 1, maxLength: 120, pattern: '\\S', description: 'Shown to customers.' }),
    language: Language,
  },
  { additionalProperties: false },
);

export const UploadVersionQuery = Type.Object({
  effectiveFrom: Type.Optional(
    Type.String({
      format: 'date',
      description: 'The first day (YYYY-MM-DD) the version is served; today when absent.',
    }),
  ),
});

export const LibraryDocumentVersion = Type.Object({
  version: Type.Integer(),
  fileName: Type.String(),
  sizeBytes: Type.Integer(),
  sha256: Type.String(),
  effectiveFrom: Type.String({ description: 'The first day the version is served.' }),
  uploadedBy: Type.String(),
  uploadedAt: Type.String(),
  retiredBy: Type.Union([Type.String(), Type.Null()]),
  retiredAt: Type.Union([Type.String(), Type.Null()]),
  live: Type.Boolean({ description: 'The version served today: the newest in effect and not retired.' }),
});

export const LibraryDocumentUse = Type.Object({
  targetType: TargetType,
  targetId: Type.Integer(),
  name: Type.String({ description: "The plan's or bundle's name." }),
  published: Type.Boolean({ description: 'The plan (for a bundle: one of its plans) is published.' }),
  attachedBy: Type.String(),
  attachedAt: Type.String(),
});

const summaryFields = {
  id: Type.Integer(),
  kind: Kind,
  name: Type.String(),
  language: Language,
  liveVersion: Type.Union([Type.Integer(), Type.Null()], {
    description:
      'The version served today; null when none is (no upload yet, all retired or not yet in effect).',
  }),
  versionCount: Type.Integer(),
  useCount: Type.Integer(),
  createdBy: Type.String(),
  createdAt: Type.String(),
};

export const LibraryDocumentSummary = Type.Object(summaryFields);

export const LibraryDocument = Type.Object({
  ...summaryFields,
  versions: Type.Array(LibraryDocumentVersion, { description: 'Newest first.' }),
  uses: Type.Array(LibraryDocumentUse),
});
