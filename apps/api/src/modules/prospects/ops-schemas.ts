import { Type } from 'typebox';
import { PagingQuery } from '../../http/envelope.js';
import { Id, Nullable } from '../../http/schemas.js';
import { PROSPECT_STATUSES, Prospect, SIGNING_METHODS, SIGNING_STATUSES } from './schemas.js';

const Moment = (description: string) => Type.String({ format: 'date-time', maxLength: 40, description });

export const MatrixImport = Type.Object({
  id: Type.Integer(),
  fileName: Type.String(),
  sha256: Type.String({
    description: "The uploaded file's SHA-256, to tell two uploads of one file apart from two files.",
  }),
  rows: Type.Integer({ description: 'Prices in the file.' }),
  priceFileDate: Type.String({ format: 'date' }),
  uploadedBy: Type.String(),
  uploadedAt: Moment('When the file was uploaded and checked.'),
  status: Type.String({
    enum: ['pending', 'active', 'replaced', 'discarded'],
    description:
      'pending: checked and kept, waiting for a decision; active: the matrix in force (one at a time); replaced: ' +
      'in force before, now history; discarded: refused by staff, its prices let go.',
  }),
  decidedBy: Nullable(Type.String({ description: 'Who last put it in force or discarded it.' })),
  decidedAt: Nullable(Moment('When.')),
  restorable: Type.Boolean({
    description: 'A replaced matrix whose prices are kept can be put back in force.',
  }),
});

export const MatrixPrice = Type.Object({
  utilityCode: Type.String(),
  zone: Type.String(),
  rateCode: Type.String(),
  termMonths: Type.Integer(),
  usageTier: Type.String(),
  startMonth: Type.String({ description: 'YYYY-MM' }),
  price: Type.Number({ description: 'US dollars per kWh (electric) or per therm (gas).' }),
});

export const MatrixPriceChange = Type.Object({
  ...MatrixPrice.properties,
  before: Type.Number({ description: 'The price in force, in dollars.' }),
  change: Type.Number({ description: 'New price less the price in force, in dollars.' }),
  changePercent: Type.Number({ description: 'The change as a percentage of the price in force, to 0.01.' }),
});

export const MatrixDifferences = Type.Object({
  import: MatrixImport,
  inForce: Nullable(MatrixImport),
  counts: Type.Object({
    added: Type.Integer({ description: 'Prices the matrix in force does not have.' }),
    removed: Type.Integer({ description: 'Prices of the matrix in force this one does not have.' }),
    changed: Type.Integer(),
    unchanged: Type.Integer(),
  }),
  added: Type.Array(MatrixPrice, { description: 'The first 500 added prices, in key order.' }),
  removed: Type.Array(MatrixPrice, { description: 'The first 500 removed prices, in key order.' }),
  changed: Type.Array(MatrixPriceChange, {
    description: 'The 500 largest changes, largest first (by percent).',
  }),
  largestIncreasePercent: Type.Number(),
  largestDecreasePercent: Type.Number(),
});

export const MatrixIdPath = Type.Object({ importId: Id('The pricing matrix import.') });

export const MatrixActivation = Type.Object(
  {
    inForceId: Nullable(
      Id(
        'The import in force when the differences were read (null: none was). If another has been put in force ' +
          'since, nothing changes and the answer is 409 PRICING_MATRIX_CHANGED.',
      ),
    ),
  },
  { additionalProperties: false },
);

export const MatrixPriceQuery = Type.Object({
  ...PagingQuery.properties,
  search: Type.Optional(
    Type.String({
      maxLength: 50,
      description:
        'Only the prices whose utility code, zone, rate code or usage tier contains this (any case).',
    }),
  ),
});

// --- Affiliates and their reps ---------------------------------------------------------------------------------

export const AffiliateIdPath = Type.Object({ affiliateId: Id('The affiliate.') });
export const RepIdPath = Type.Object({ affiliateId: Id('The affiliate.'), repId: Id('The rep.') });

const AffiliateName = Type.String({ minLength: 1, maxLength: 100, description: 'Unique in the company.' });

export const AffiliateSummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  active: Type.Boolean({
    description: 'An inactive affiliate keeps its prospects; its accounts still log in.',
  }),
  createdAt: Type.String({ format: 'date-time' }),
  reps: Type.Integer({ description: 'Reps on file.' }),
  prospects: Type.Integer({ description: 'Prospects of the affiliate, in any status.' }),
});

export const AffiliateRep = Type.Object({
  id: Type.Integer(),
  reference: Type.String({
    description: "What the affiliate's sales system sends as a prospect's repReferenceId for this rep.",
  }),
  name: Type.String(),
  email: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  active: Type.Boolean(),
});

export const AffiliateAccount = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  apiKey: Type.String({ description: 'The public key the account logs in with (never its secret).' }),
  active: Type.Boolean(),
  lastUsedAt: Nullable(Type.String({ format: 'date-time' })),
});

export const AffiliateDetail = Type.Object({
  ...AffiliateSummary.properties,
  repList: Type.Array(AffiliateRep, { maxItems: 10_000 }),
  accounts: Type.Array(AffiliateAccount, {
    maxItems: 10_000,
    description: 'Web service accounts bound to the affiliate (made on the Web service accounts screen).',
  }),
});

export const NewAffiliate = Type.Object({ name: AffiliateName }, { additionalProperties: false });
export const AffiliateChange = Type.Object(
  { name: Type.Optional(AffiliateName), active: Type.Optional(Type.Boolean()) },
  { additionalProperties: false, minProperties: 1 },
);

const RepText = (maxLength: number) => Type.String({ minLength: 1, maxLength });
export const NewRep = Type.Object(
  {
    reference: RepText(100),
    name: RepText(200),
    email: Type.Optional(Nullable(Type.String({ format: 'email', maxLength: 200 }))),
    phone: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 30, pattern: '^[0-9+() .-]+$' }))),
  },
  { additionalProperties: false },
);
export const RepChange = Type.Object(
  { ...Type.Partial(NewRep).properties, active: Type.Optional(Type.Boolean()) },
  { additionalProperties: false, minProperties: 1 },
);

// --- Prospects --------------------------------------------------------------------------------------------------

const SalesStatus = Type.Enum([...PROSPECT_STATUSES]);
const SigningState = Type.Enum([...SIGNING_STATUSES]);

export const StaffProspectQuery = Type.Object({
  status: Type.Optional(SalesStatus),
  signingStatus: Type.Optional(SigningState),
  affiliateId: Type.Optional(Id('Only this affiliate’s prospects.')),
  q: Type.Optional(
    Type.String({
      maxLength: 100,
      description: 'Part of the customer’s name, email or phone, or the LDC number.',
    }),
  ),
  ...PagingQuery.properties,
});

export const ProspectCard = Type.Object({
  id: Type.Integer(),
  customerName: Type.String(),
  affiliate: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  repReferenceId: Nullable(Type.String()),
  utilityCode: Type.String(),
  commodityName: Type.String(),
  status: SalesStatus,
  signingStatus: Nullable(SigningState),
  rate: Type.Number({ description: 'US dollars per kWh or therm.' }),
  term: Type.Integer(),
  expirationDate: Type.String({ format: 'date' }),
  modifiedAt: Type.String({ format: 'date-time' }),
});

export const ProspectBoardColumn = Type.Object({
  status: SalesStatus,
  total: Type.Integer({ description: 'Prospects in the status.' }),
  cards: Type.Array(ProspectCard, { maxItems: 50, description: 'The 50 most recently changed.' }),
});

export const ProspectBoardQuery = Type.Object({
  affiliateId: Type.Optional(Id('Only this affiliate’s prospects.')),
});

export const ProspectEnvelope = Type.Object({
  reference: Type.String({
    description: 'Voltin’s reference, sent as the envelope custom field voltinReference.',
  }),
  envelopeId: Nullable(Type.String({ description: 'The signing service’s envelope id.' })),
  status: Type.String(),
  signingMethod: Type.Enum([...SIGNING_METHODS]),
  createdAt: Type.String({ format: 'date-time' }),
  statusAt: Nullable(Type.String({ format: 'date-time' })),
  events: Type.Array(
    Type.Object({
      event: Type.String(),
      signingStatus: Nullable(SigningState),
      outcome: Type.String(),
      generatedAt: Nullable(Type.String({ format: 'date-time' })),
      receivedAt: Type.String({ format: 'date-time' }),
    }),
    { maxItems: 10_000 },
  ),
});

export const ProspectStatusChange = Type.Object({
  from: SalesStatus,
  to: SalesStatus,
  trigger: Type.String({
    description:
      'update-status (an affiliate’s system), console (staff), expiry (the nightly task) or signing.',
  }),
  actor: Type.String(),
  at: Type.String({ format: 'date-time' }),
});

export const StaffProspect = Type.Object({
  prospect: Prospect,
  rep: Nullable(
    Type.Object(
      { id: Type.Integer(), name: Type.String() },
      { description: 'The rep its repReferenceId names.' },
    ),
  ),
  envelopes: Type.Array(ProspectEnvelope, { maxItems: 1000 }),
  history: Type.Array(ProspectStatusChange, { maxItems: 10_000 }),
  allowedMoves: Type.Array(SalesStatus, {
    description: 'What staff may move it to now (the update-status transitions).',
  }),
});

export const StaffProspectPath = Type.Object({ prospectId: Id('The prospect.') });
export const StaffProspectFilePath = Type.Object({
  prospectId: Id('The prospect.'),
  documentId: Id('The document.'),
});

export const StaffMove = Type.Object(
  {
    newStatus: SalesStatus,
    expectedStatus: Type.Optional(
      Type.Enum([...PROSPECT_STATUSES], {
        description: 'The status the staff member saw; a prospect no longer in it is refused (409).',
      }),
    ),
  },
  { additionalProperties: false },
);
