/**
 * The console's ESIID extract upload, run as a background job with the command line's import
 * (`importEsiidExtract`). The upload keeps the file in the database in 1 MiB pieces as it arrives (never whole in
 * memory), queues the import and is answered; then the node that took it runs the queued imports one after the other
 * in the background (one import at a time, whichever node: the premise directory is shared), feeding the pieces to
 * the import in order and writing its counts to the import's row as it goes, which the console polls. A node that
 * stops mid-import stops renewing its claim; the `import-esiid-extracts` task runs the import again from its first
 * line on a node that is up (the import is safe to repeat: what the first run wrote counts as unchanged). A node
 * shutting down hands its import back to the queue.
 */
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { BaseLogger } from 'pino';
import type { Static } from 'typebox';
import type { Database } from '../../db/schema.js';
import type { EsiidImportStatus } from '../../db/tables/premises.js';
import type { Clock } from '../../domain/clock.js';
import { ApiError, notFound } from '../../http/errors.js';
import { type EsiidImportCounts, importEsiidExtract } from './esiid-import.js';
import * as store from './import-store.js';
import type { EsiidImport, EsiidImportDetail } from './ops-schemas.js';

/** The pieces the file is kept in. */
const CHUNK_BYTES = 1_048_576;
/** A claim (an upload or a run) not renewed for this long belongs to a node that stopped. */
const STALE_AFTER_MS = 120_000;
/** The run writes its counts (and renews its claim) every this many rows. */
const PROGRESS_EVERY_ROWS = 1000;
/** The console's list of imports. */
const LISTED = 10;
/** Runs of one import a stopped node left behind; past these it fails rather than loop on a fault of its own. */
const MAX_ATTEMPTS = 3;

/** The uploaded file as the HTTP layer hands it over: read as it arrives. */
export interface IncomingFile {
  fileName: string;
  stream: Readable;
  /** Cut at the upload limit; known once the stream has ended. */
  truncated(): boolean;
}

/** A stopping node's run ends between two pieces of the file and goes back to the queue. */
class NodeStopping extends Error {}
/** Another node took the import over: this run stops writing. */
class ClaimLost extends Error {}

const countsOf = (c: EsiidImportCounts) => ({
  rows_read: c.rowsRead,
  inserted: c.inserted,
  updated: c.updated,
  unchanged: c.unchanged,
  removed: c.removed,
  rejected: c.rejected,
});

type Row = NonNullable<store.ImportRow>;

function importOf(row: Row): Static<typeof EsiidImport> {
  return {
    id: row.id,
    fileName: row.file_name,
    fileBytes: row.file_bytes,
    dataLines: row.data_lines,
    status: row.status as Exclude<EsiidImportStatus, 'uploading'>,
    requestedBy: row.requested_by,
    requestedAt: row.requested_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    attempts: row.attempts,
    counts: {
      rowsRead: row.rows_read,
      inserted: row.inserted,
      updated: row.updated,
      unchanged: row.unchanged,
      removed: row.removed,
      rejected: row.rejected,
    },
    failure: row.failure === null ? null : (JSON.parse(row.failure) as { message: string; errors: string[] }),
  };
}

/** A file of text, not a compressed or binary one (ERCOT publishes its extracts zipped: unzip them first). */
function looksLikeText(firstBytes: Buffer): boolean {
  return !firstBytes.includes(0);
}

export function createEsiidImports(deps: {
  db: Kysely<Database>;
  clock: Clock;
  log: Pick<BaseLogger, 'error'>;
  uploadLimitBytes: number;
}) {
  const { db, clock, log } = deps;
  const now = () => clock.now().toISOString();
  const staleBefore = () => new Date(clock.now().getTime() - STALE_AFTER_MS).toISOString();
  const running = new Set<Promise<void>>();
  let stopping = false;

  /** Keeps the file in pieces as it arrives, counting its lines; its size in bytes and its lines after the header. */
  async function keepFile(importId: number, file: IncomingFile) {
    let bytes = 0;
    let newlines = 0;
    let lastByte = 0x0a;
    let seq = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      if (pendingBytes === 0) return;
      const piece = Buffer.concat(pending);
      if (seq === 0 && !looksLikeText(piece))
        throw new ApiError(
          'UNSUPPORTED_MEDIA_TYPE',
          'The file is not a text (CSV) file: upload the extract unzipped.',
          ['file: content must be csv'],
        );
      await store.appendChunk(db, importId, seq, piece);
      await store.updateImport(db, importId, { heartbeat_at: now() });
      seq += 1;
      pending = [];
      pendingBytes = 0;
    };
    for await (const chunk of file.stream as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 0x0a) newlines += 1;
      lastByte = chunk[chunk.length - 1] ?? lastByte;
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes >= CHUNK_BYTES) await flush();
    }
    await flush();
    const lines = newlines + (lastByte === 0x0a ? 0 : 1);
    return { bytes, dataLines: Math.max(0, lines - 1) };
  }

  /** The kept pieces in order, as the import reads them; a stopping node ends between two. */
  function storedFile(importId: number): Readable {
    async function* pieces() {
      for (let seq = 0; ; seq += 1) {
        if (stopping) throw new NodeStopping();
        const piece = await store.readChunk(db, importId, seq);
        if (!piece) return;
        yield piece;
      }
    }
    return Readable.from(pieces());
  }

  async function run(row: Row) {
    const claim = { id: row.id, attempts: row.attempts };
    let progress = Promise.resolve(true);
    const input = storedFile(row.id);
    try {
      const result = await importEsiidExtract(db, row.company_id, input, {
        progressEvery: PROGRESS_EVERY_ROWS,
        onProgress: (counts) => {
          progress = progress
            .then(async (held) => {
              if (!held) return false;
              const stillHeld = await store.recordProgress(db, claim, {
                ...countsOf(counts),
                heartbeat_at: now(),
              });
              if (!stillHeld) input.destroy(new ClaimLost());
              return stillHeld;
            })
            // A write that fails stops the import with its error (and never goes unhandled meanwhile).
            .catch((error: unknown) => {
              input.destroy(error as Error);
              return false;
            });
        },
      });
      if (!(await progress)) return;
      await store.finishImport(db, claim, {
        ...countsOf(result),
        status: 'succeeded',
        finished_at: now(),
        rejected_lines: JSON.stringify(result.rejectedLines),
      });
    } catch (error) {
      await progress;
      if (error instanceof ClaimLost) return;
      if (error instanceof NodeStopping) {
        await store.finishImport(db, claim, { status: 'queued', heartbeat_at: now() });
        return;
      }
      // The file refused whole (no header, required columns missing, a quote left open): the import's answer.
      if (!(error instanceof ApiError)) throw error;
      await store.finishImport(db, claim, {
        status: 'failed',
        finished_at: now(),
        failure: JSON.stringify({ message: error.message, errors: error.details }),
      });
    }
  }

  /** Runs an import, and is tracked so that a stopping node waits for it to let go. */
  function tracked(row: Row): Promise<void> {
    const job = run(row).finally(() => running.delete(job));
    running.add(job);
    return job;
  }

  /** Drops abandoned uploads, and claims the next import to run if none runs (giving up one that kept stopping). */
  async function claimNext(): Promise<Row | undefined> {
    for (const id of await store.abandonedUploads(db, staleBefore())) await store.deleteImport(db, id);
    if (stopping) return undefined;
    const claimed = await store.claimNextImport(db, now(), staleBefore());
    if (!claimed || claimed.attempts <= MAX_ATTEMPTS) return claimed;
    await store.finishImport(db, claimed, {
      status: 'failed',
      finished_at: now(),
      failure: JSON.stringify({
        message: `The import stopped ${MAX_ATTEMPTS} times before its end; upload the file again.`,
        errors: ['file: the import did not finish'],
      }),
    });
    return claimNext();
  }

  /**
   * After an upload: the queued imports run one after the other on this node, in the background (the upload is
   * answered at once). A failure is logged; the import's claim lapses and the sweep runs it again.
   */
  async function runQueuedInBackground(): Promise<void> {
    try {
      for (let row = await claimNext(); row; row = await claimNext()) await tracked(row);
    } catch (error) {
      log.error({ err: error }, 'ESIID import stopped; the import-esiid-extracts task will run it again');
    }
  }

  /** The sweep (`import-esiid-extracts`): runs the next import, to its end, if one is waiting or was left behind. */
  async function runDue(): Promise<string> {
    const row = await claimNext();
    if (!row) return 'no import waiting';
    await tracked(row);
    return `import ${row.id} run (attempt ${row.attempts})`;
  }

  return {
    /**
     * Receives an extract and queues its import. The file is refused (nothing kept) when it is empty, not text, or
     * larger than the limit.
     */
    async upload(companyId: number, by: string, file: IncomingFile): Promise<Static<typeof EsiidImport>> {
      const at = now();
      const id = await store.insertImport(db, {
        company_id: companyId,
        file_name: file.fileName.slice(0, 200),
        status: 'uploading',
        requested_by: by,
        requested_at: at,
        heartbeat_at: at,
      });
      try {
        const { bytes, dataLines } = await keepFile(id, file);
        if (file.truncated())
          throw new ApiError(
            'PAYLOAD_TOO_LARGE',
            `The file is larger than the ESIID upload limit (${deps.uploadLimitBytes} bytes).`,
            [`file: at most ${deps.uploadLimitBytes} bytes (ESIID_UPLOAD_LIMIT_BYTES)`],
          );
        if (bytes === 0) throw new ApiError('VALIDATION_FAILED', 'The file is empty.', ['file: is empty']);
        await store.updateImport(db, id, {
          status: 'queued',
          file_bytes: bytes,
          data_lines: dataLines,
          heartbeat_at: now(),
        });
      } catch (error) {
        await store.deleteImport(db, id);
        throw error;
      }
      void runQueuedInBackground();
      return importOf((await store.findImport(db, companyId, id))!);
    },

    async list(companyId: number): Promise<Static<typeof EsiidImport>[]> {
      return (await store.listImports(db, companyId, LISTED)).map(importOf);
    },

    async get(companyId: number, id: number): Promise<Static<typeof EsiidImportDetail>> {
      const row = await store.findImport(db, companyId, id);
      if (!row || row.status === 'uploading') throw notFound(`ESIID import ${id}`);
      return {
        ...importOf(row),
        rejectedLines: JSON.parse(row.rejected_lines) as { line: number; reason: string }[],
      };
    },

    runDue,

    /** Hands this node's running import back to the queue and waits for it to let go. */
    async stop() {
      stopping = true;
      await Promise.all(running);
    },
  };
}

export type EsiidImports = ReturnType<typeof createEsiidImports>;
