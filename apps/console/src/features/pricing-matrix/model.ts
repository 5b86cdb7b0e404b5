import { formatCount, formatDate } from '../../lib/format';
import type { MatrixImport } from './api/get-pricing-matrices';

/** Matrix prices are dollars per kWh or therm with up to six decimals, read to the fifth at least: "$0.09025". */
const price = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 5,
  maximumFractionDigits: 6,
});
const signedPrice = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 5,
  maximumFractionDigits: 6,
  signDisplay: 'exceptZero',
});
const signedPercent = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});

export const formatMatrixPrice = (dollars: number) => price.format(dollars);

/** A percentage with its sign: "+5.26%", "-3.10%". */
export const formatPercentChange = (percent: number) => `${signedPercent.format(percent)}%`;

/** A price's change as pricing staff read it: "+$0.00475 (+5.26%)". */
export const formatPriceChange = (change: number, percent: number) =>
  `${signedPrice.format(change)} (${formatPercentChange(percent)})`;

/** "12 months". */
export const termText = (months: number) => `${months} month${months === 1 ? '' : 's'}`;

type Status = MatrixImport['status'];

/** What an import's status badge says and in which colour. */
export const STATUS_BADGES: Record<Status, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'yellow' },
  active: { label: 'In force', color: 'green' },
  replaced: { label: 'Replaced', color: 'gray' },
  discarded: { label: 'Discarded', color: 'red' },
};

/** Whether an import's differences with the matrix in force mean anything: it could be put in force. */
export const canBePutInForce = (matrix: Pick<MatrixImport, 'status' | 'restorable'>) =>
  matrix.status === 'pending' || matrix.restorable;

/** Whether its prices are still kept (a discarded import's are let go, and so are those of old replaced ones). */
export const hasKeptPrices = (matrix: Pick<MatrixImport, 'status' | 'restorable'>) =>
  matrix.status === 'pending' || matrix.status === 'active' || matrix.restorable;

/** "960 prices of 20 Nov 2026": what a file holds, in one phrase. */
export const contentsOf = (matrix: Pick<MatrixImport, 'rows' | 'priceFileDate'>) =>
  `${formatCount(matrix.rows)} price${matrix.rows === 1 ? '' : 's'} of ${formatDate(matrix.priceFileDate)}`;
