import type { Kysely, Updateable } from 'kysely';
import type { Static } from 'typebox';
import type { FlagValue } from '../../db/columns.js';
import type { Database, UtilitiesTable } from '../../db/schema.js';
import { SWITCH_TYPES } from '../../domain/switch-types.js';
import { ApiError, notFound } from '../../http/errors.js';
import {
  knownZipcodes,
  replaceUtilityZipcodes,
  zipcodeCounts,
  zipcodesOfUtilities,
} from '../reference/index.js';
import type {
  UtilityDetail,
  UtilityMarketSettings,
  UtilitySettingsChange,
  UtilitySummary,
  ZipcodeChange,
} from './ops-schemas.js';
import * as store from './store.js';

type Settings = Static<typeof UtilityMarketSettings>;
type UtilityRow = NonNullable<Awaited<ReturnType<typeof store.findCompanyUtility>>>;

/**
 * The counts the utility list shows that other modules own: plans (plans) and the ESIID directory's premises
 * (premises), given by app.ts since both depend on this module.
 */
export interface UtilityCountSources {
  plansByUtility(companyId: number): Promise<Map<number, number>>;
  esiidsByUtilityCode(codes: string[]): Promise<Map<string, number>>;
}

/** A Texas TDSP with an ESIID prefix: the ESIID extract places premises with it. */
const hasEsiidDirectory = (u: Pick<UtilityRow, 'state_code' | 'commodity' | 'ldc_prefix'>) =>
  u.state_code === 'TX' && u.commodity === 'Electric' && u.ldc_prefix !== null;

export function settingsOf(u: UtilityRow): Settings {
  return {
    allowEnrollments: u.allow_enrollments === 1,
    ldcLabel: u.ldc_label,
    ldcPrefix: u.ldc_prefix,
    ldcLength: u.ldc_length,
    ldcOnlyNumbers: u.ldc_only_numbers === 1,
    ldcMask: u.ldc_mask,
    switchTypes: JSON.parse(u.switch_types) as Settings['switchTypes'],
  };
}

function columnsOf(settings: Settings): Updateable<UtilitiesTable> {
  const flag = (value: boolean) => (value ? 1 : 0) as FlagValue;
  return {
    allow_enrollments: flag(settings.allowEnrollments),
    ldc_label: settings.ldcLabel,
    ldc_prefix: settings.ldcPrefix,
    ldc_length: settings.ldcLength,
    ldc_only_numbers: flag(settings.ldcOnlyNumbers),
    ldc_mask: settings.ldcMask,
    switch_types: JSON.stringify(settings.switchTypes),
  };
}

/** The settings as they will be stored: texts trimmed, an empty prefix none, switch types in their usual order. */
const normalized = (settings: Settings): Settings => ({
  ...settings,
  ldcLabel: settings.ldcLabel.trim(),
  ldcPrefix: settings.ldcPrefix?.trim() || null,
  ldcMask: settings.ldcMask.trim(),
  switchTypes: SWITCH_TYPES.filter((t) => settings.switchTypes.includes(t)),
});

const MASK_CHARACTERS = /^[9* ./-]*$/;

function prefixProblems({ ldcPrefix: prefix, ldcLength, ldcOnlyNumbers }: Settings): string[] {
  if (prefix === null) return [];
  const problems: string[] = [];
  if (prefix.length >= ldcLength)
    problems.push(
      `ldcPrefix: has ${prefix.length} characters; it must be shorter than the number (ldcLength ${ldcLength})`,
    );
  if (ldcOnlyNumbers && !/^\d+$/.test(prefix))
    problems.push('ldcPrefix: must be digits, since the numbers are digits only');
  else if (!/^[A-Za-z0-9]+$/.test(prefix)) problems.push('ldcPrefix: must be letters and digits');
  return problems;
}

function maskProblems({ ldcMask: mask, ldcLength, ldcOnlyNumbers }: Settings): string[] {
  if (!MASK_CHARACTERS.test(mask))
    return ['ldcMask: may hold only 9 (a digit), * (a letter or digit), spaces, dashes, dots and slashes'];
  const problems: string[] = [];
  const placeholders = [...mask].filter((c) => c === '9' || c === '*').length;
  if (placeholders !== ldcLength)
    problems.push(
      `ldcMask: has ${placeholders} placeholders; the number has ${ldcLength} characters (ldcLength)`,
    );
  if (ldcOnlyNumbers && mask.includes('*'))
    problems.push('ldcMask: * stands for a letter or digit, but the numbers are digits only: use 9');
  return problems;
}

/** Two utilities of one market whose numbers could be the same: one number would belong to both. */
function overlapProblems(settings: Settings, self: UtilityRow, utilities: UtilityRow[]): string[] {
  const prefix = settings.ldcPrefix;
  if (prefix === null) return [];
  return utilities
    .filter(
      (other) =>
        other.id !== self.id &&
        other.market_id === self.market_id &&
        other.commodity === self.commodity &&
        other.ldc_prefix !== null &&
        other.ldc_length === settings.ldcLength &&
        (other.ldc_prefix.startsWith(prefix) || prefix.startsWith(other.ldc_prefix)),
    )
    .map(
      (other) =>
        `ldcPrefix: overlaps ${other.name}'s prefix ${other.ldc_prefix} at ${other.ldc_length} characters: a number would belong to both`,
    );
}

/** The zip code list as sent, each problem named by its place in the list. */
async function checkedZipcodes(db: Kysely<Database>, utility: UtilityRow, sent: string[]) {
  const zipcodes = sent.map((z) => z.trim());
  const wellFormed = (z: string) => /^\d{5}$/.test(z);
  const known = new Map((await knownZipcodes(db, zipcodes.filter(wellFormed))).map((z) => [z.zipcode, z]));
  const problemOf = (z: string) => {
    if (!wellFormed(z)) return `"${z}" is not 5 digits`;
    const found = known.get(z);
    if (!found) return `${z} is not a known zip code`;
    return found.state === utility.state_code
      ? null
      : `${z} is in ${found.state}; ${utility.name} serves ${utility.state_code}`;
  };
  const problems = zipcodes.flatMap((z, i) => {
    const problem = problemOf(z);
    return problem === null ? [] : [`zipcodes[${i}]: ${problem}`];
  });
  if (zipcodes.length === 0)
    problems.push('zipcodes: a utility serves at least one zip code (turn enrollments off to stop selling)');
  if (problems.length > 0) throw new ApiError('VALIDATION_FAILED', 'The zip codes are invalid.', problems);
  const unique = [...new Set(zipcodes)].sort();
  return { zipcodes: unique, ids: unique.map((z) => known.get(z)!.id) };
}

function zipcodeChange(before: string[], after: string[]): Static<typeof ZipcodeChange> {
  const was = new Set(before);
  const now = new Set(after);
  return {
    added: after.filter((z) => !was.has(z)),
    removed: before.filter((z) => !now.has(z)),
    unchanged: after.filter((z) => was.has(z)).length,
    zipcodes: after,
  };
}

/** Pricing staff's utilities: their market settings and service area, each change checked as a whole. */
export function createUtilityMarket(db: Kysely<Database>, counts: UtilityCountSources) {
  async function utilityOf(companyId: number, utilityId: number): Promise<UtilityRow> {
    const row = await store.findCompanyUtility(db, companyId, utilityId);
    if (!row) throw notFound(`Utility ${utilityId}`);
    return row;
  }

  async function summaries(companyId: number, rows: UtilityRow[]): Promise<Static<typeof UtilitySummary>[]> {
    const [zipcodes, plans, esiids] = await Promise.all([
      zipcodeCounts(
        db,
        rows.map((u) => u.id),
      ),
      counts.plansByUtility(companyId),
      counts.esiidsByUtilityCode(rows.filter(hasEsiidDirectory).map((u) => u.code)),
    ]);
    const zipcodesBy = new Map(zipcodes.map((z) => [z.utility_id, Number(z.count)]));
    return rows.map((u) => ({
      id: u.id,
      code: u.code,
      name: u.name,
      commodity: u.commodity as 'Electric' | 'Gas',
      stateCode: u.state_code,
      active: u.active === 1,
      allowEnrollments: u.allow_enrollments === 1,
      ldcLabel: u.ldc_label,
      counts: {
        zipcodes: zipcodesBy.get(u.id) ?? 0,
        plans: plans.get(u.id) ?? 0,
        esiids: hasEsiidDirectory(u) ? (esiids.get(u.code) ?? 0) : null,
      },
    }));
  }

  async function detail(companyId: number, utilityId: number): Promise<Static<typeof UtilityDetail>> {
    const row = await utilityOf(companyId, utilityId);
    const [[summary], zipcodes] = await Promise.all([
      summaries(companyId, [row]),
      zipcodesOfUtilities(db, [utilityId]),
    ]);
    return {
      ...summary!,
      formalName: row.formal_name,
      marketName: row.market_name,
      hasEsiidDirectory: hasEsiidDirectory(row),
      settings: settingsOf(row),
      zipcodes: zipcodes.map((z) => z.zipcode),
    };
  }

  /** What a new zip code list would add and remove; nothing saved. */
  async function previewZipcodes(companyId: number, utilityId: number, sent: string[]) {
    const utility = await utilityOf(companyId, utilityId);
    const { zipcodes } = await checkedZipcodes(db, utility, sent);
    const before = (await zipcodesOfUtilities(db, [utilityId])).map((z) => z.zipcode);
    return zipcodeChange(before, zipcodes);
  }

  return {
    list: async (companyId: number) => summaries(companyId, await store.listCompanyUtilities(db, companyId)),
    detail,

    /**
     * Changes a utility's market settings, checked together and against the company's other utilities under their
     * lock; its settings before and after, for the audit log.
     */
    async changeSettings(companyId: number, utilityId: number, change: Static<typeof UtilitySettingsChange>) {
      await utilityOf(companyId, utilityId);
      return db.transaction().execute(async (trx) => {
        await store.lockCompanyUtilities(trx, companyId);
        const utilities = await store.listCompanyUtilities(trx, companyId);
        const row = utilities.find((u) => u.id === utilityId)!;
        const before = settingsOf(row);
        const after = normalized({ ...before, ...change });
        const problems = [
          ...prefixProblems(after),
          ...maskProblems(after),
          ...overlapProblems(after, row, utilities),
        ];
        if (problems.length > 0)
          throw new ApiError('VALIDATION_FAILED', 'The utility settings are invalid.', problems);
        await store.updateUtility(trx, utilityId, columnsOf(after));
        return { before, after };
      });
    },

    previewZipcodes,

    /** Replaces the zip codes the utility serves; what changed, against the list it replaced. */
    async replaceZipcodes(companyId: number, utilityId: number, sent: string[]) {
      const utility = await utilityOf(companyId, utilityId);
      const { zipcodes, ids } = await checkedZipcodes(db, utility, sent);
      const before = await replaceUtilityZipcodes(db, utilityId, ids);
      return zipcodeChange(before, zipcodes);
    },
  };
}

export type UtilityMarket = ReturnType<typeof createUtilityMarket>;
