import { type Kysely, sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Clock } from '../domain/clock.js';
import { dayOf } from '../domain/dates.js';
import type { Database } from './schema.js';

/**
 * Plan shopping answers from the catalogue's tables (companies and their settings, brands, places, languages,
 * customer types, utilities and their zip codes and delivery charges, plans with their versions, options, documents,
 * campaigns and bundles). Database triggers count every write to them in `change_stamps` (migrations
 * 2026-11-21T1000-change-stamps and 2026-11-27T0800-plan-versions), on whichever node or tool made it, so a node can
 * tell whether what it has cached is still what the database holds with one small read.
 */
export const CATALOG_STAMP = 'catalog';

/** Plan answers carry signed document links valid for 24 hours; an hour-old entry still leaves them 23. */
const MAX_AGE_MS = 3_600_000;

interface Entry {
  stamp: string;
  value: unknown;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * What an entry costs, in characters: its key (which holds the request's URL) and its value as sent, so a node
 * asked many distinct queries keeps to its budget whatever the size of each answer.
 */
function entrySize(entry: Entry, key: string): number {
  const value = typeof entry.value === 'string' ? entry.value : (JSON.stringify(entry.value) ?? '');
  return key.length + value.length;
}

/**
 * Values computed from the tables of one stamp, kept per node and served while the stamp is unchanged: one small
 * read instead of the queries that built them. The key holds the UTC day, because "on sale today" changes at
 * midnight. Values are frozen, since every caller shares them. The least recently used entries go once the kept
 * values pass `maxBytes` (CATALOG_CACHE_MAX_BYTES); a value larger than that is served but not kept.
 */
export function createStampedCache(currentStamp: () => Promise<string>, maxBytes: number, clock: Clock) {
  const entries = new LRUCache<string, Entry>({
    maxSize: maxBytes,
    sizeCalculation: entrySize,
    ttl: MAX_AGE_MS,
  });

  return {
    async get<V>(key: string, load: () => Promise<V>): Promise<V> {
      const dayKey = `${dayOf(clock)} ${key}`;
      const stamp = await currentStamp();
      const cached = entries.get(dayKey);
      if (cached?.stamp === stamp) return cached.value as V;
      const value = deepFreeze(await load());
      entries.set(dayKey, { stamp, value });
      return value;
    },
    /** The size of what is kept now, in the units of `maxBytes`. */
    keptBytes: () => entries.calculatedSize,
  };
}

export type StampedCache = ReturnType<typeof createStampedCache>;

/**
 * The catalogue's stamp: its count of writes, and the moments its latest plan version and delivery charges took
 * effect, since a price or tariff saved for later switches the catalogue's answers on by itself, with no write then. The count is
 * read at every call (one small row); the versions' moments only when the count has moved or the next scheduled
 * version's moment has come, so a cached answer costs the same read as before plan versions.
 */
export function catalogStampReader(db: Kysely<Database>, clock: Clock): () => Promise<string> {
  let known: { count: number; switched: string; nextSwitch: string | null } | undefined;

  /** The latest moment of `column` come and the next one to come. */
  const momentsOf = <T extends 'plan_versions' | 'utility_delivery_charges' | 'campaigns'>(
    table: T,
    column: 'effective_at' | 'effective_from' | 'valid_from' | 'valid_until',
    now: string,
  ) =>
    db
      .selectFrom(table as 'campaigns')
      .select((eb) => [
        eb.fn
          .max(eb.case().when(sql.ref(column), '<=', now).then(sql.ref<string>(column)).end())
          .as('latest'),
        eb.fn.min(eb.case().when(sql.ref(column), '>', now).then(sql.ref<string>(column)).end()).as('next'),
      ])
      .executeTakeFirst();

  /**
   * The latest moment come and the next one to come, of the plan versions, the delivery charges and the campaigns'
   * windows (a promo code starts and stops working at a moment).
   */
  async function switchMoments(now: string) {
    const moments = await Promise.all([
      momentsOf('plan_versions', 'effective_at', now),
      momentsOf('utility_delivery_charges', 'effective_from', now),
      momentsOf('campaigns', 'valid_from', now),
      momentsOf('campaigns', 'valid_until', now),
    ]);
    const latest = moments.map((m) => m?.latest ?? '').sort();
    const next = moments.flatMap((m) => (m?.next ? [m.next] : [])).sort();
    return { switched: latest.join(' '), nextSwitch: next[0] ?? null };
  }

  return async () => {
    const row = await db
      .selectFrom('change_stamps')
      .select('version')
      .where('scope', '=', CATALOG_STAMP)
      .executeTakeFirst();
    const count = Number(row?.version ?? 0);
    const now = clock.now().toISOString();
    if (!known || known.count !== count || (known.nextSwitch !== null && known.nextSwitch <= now))
      known = { count, ...(await switchMoments(now)) };
    return `${count} ${known.switched}`;
  };
}

/** The statement a trigger runs: one more write counted in `scope`. */
export const bumpStatement = (scope: string) =>
  sql`update change_stamps set version = version + 1 where scope = ${sql.lit(scope)}`;

export function stampTriggers(postgres: boolean, table: string, scope: string) {
  if (postgres)
    // One count per statement, not per row: a bulk import is one change.
    return [
      sql`create trigger ${sql.id(`${table}_${scope}_stamp`)} after insert or update or delete or truncate on ${sql.table(table)}
          for each statement execute function voltin_bump_${sql.raw(scope)}_stamp()`,
    ];
  return ['insert', 'update', 'delete'].map(
    (event) =>
      sql`create trigger ${sql.id(`${table}_${scope}_stamp_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
          begin ${bumpStatement(scope)}; end`,
  );
}
