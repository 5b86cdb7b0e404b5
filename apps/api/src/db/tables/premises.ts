import type { ColumnType, Generated } from 'kysely';

/** A column with a default, so inserts may leave it out. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

/**
 * The Texas premise (ESIID) directory. Company-independent: it mirrors ERCOT's public TDSP ESIID extract,
 * which is the same for every retail electric provider. `utility_code` is the TDSP's code (`utilities.code`),
 * joined to each company's own utility rows.
 */
export interface PremisesTable {
  esiid: string;
  utility_code: string;
  address_1: string;
  address_2: string | null;
  /** The house number of address_1 (service-address normalisation), indexed with the zip code for look-ups. */
  house_number: string;
  city: string;
  state: string;
  zipcode: string;
  /** Residential or Commercial. */
  premise_type: string;
  /** Active or De-Energized. */
  status: string;
  /** AMSR, AMSM, IDR or NIDR (the extract's meter indicator). */
  meter_type: string;
  /** The extract's DUNS of the TDSP, METER_READ_CYCLE, POWER_REGION, STATIONCODE and METERED (Y/N); null when seeded. */
  tdsp_duns: string | null;
  meter_read_cycle: string | null;
  power_region: string | null;
  station_code: string | null;
  metered: string | null;
  updated_at: string;
}

export type EsiidImportStatus = 'uploading' | 'queued' | 'running' | 'succeeded' | 'failed';

/** An ESIID extract uploaded from the console, its import run as a background job (modules/premises/import-jobs.ts). */
export interface EsiidImportsTable {
  id: Generated<number>;
  company_id: number;
  file_name: string;
  file_bytes: Defaulted<number>;
  /** Lines of the file after its header (counted while it was uploaded): what the progress is measured against. */
  data_lines: Defaulted<number>;
  status: EsiidImportStatus;
  /** The staff member's email. */
  requested_by: string;
  requested_at: string;
  started_at: Defaulted<string | null>;
  finished_at: Defaulted<string | null>;
  /** Renewed while the file is received or imported; one left behind by a stopped node is taken over. */
  heartbeat_at: string;
  attempts: Defaulted<number>;
  rows_read: Defaulted<number>;
  inserted: Defaulted<number>;
  updated: Defaulted<number>;
  unchanged: Defaulted<number>;
  removed: Defaulted<number>;
  rejected: Defaulted<number>;
  /** JSON list of `{ line, reason }`: the first rejected lines. */
  rejected_lines: Defaulted<string>;
  /** JSON `{ message, errors }` when the whole file was refused or the job failed. */
  failure: Defaulted<string | null>;
}

/** The uploaded file, in pieces, kept until its import ends. */
export interface EsiidImportChunksTable {
  import_id: number;
  seq: number;
  content: Buffer;
}

export interface PremiseTables {
  premises: PremisesTable;
  esiid_imports: EsiidImportsTable;
  esiid_import_chunks: EsiidImportChunksTable;
}
