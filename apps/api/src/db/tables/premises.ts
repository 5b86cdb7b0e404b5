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

export interface PremiseTables {
  premises: PremisesTable;
}
