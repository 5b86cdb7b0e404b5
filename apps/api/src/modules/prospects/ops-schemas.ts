import { Type } from 'typebox';
import { PagingQuery } from '../../http/envelope.js';
import { Id, Nullable } from '../../http/schemas.js';

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
