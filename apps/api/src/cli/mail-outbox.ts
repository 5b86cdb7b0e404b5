import type { Kysely } from 'kysely';
import { findOutboxMail, listLatestOutboxMail } from '../adapters/mail/index.js';
import { loadConfig, modeOf } from '../config/index.js';
import { openDatabase } from '../db/client.js';
import { migrateToLatest } from '../db/migrate.js';
import type { Database } from '../db/schema.js';

/**
 * The sandbox's mailbox: `npm run mail:outbox` lists the latest messages of the outbox, and
 * `npm run mail:outbox -- <id>` prints one in full (a reset link, say). The sandbox without SMTP_URL "delivers" mail
 * to its log and keeps the bodies; production refuses, because its mail leaves through SMTP and its bodies (reset
 * links, personal data) are removed once delivered.
 */
const USAGE = 'Usage: npm run mail:outbox [-- <message-id>]';
const LISTED = 20;

async function listLatest(db: Kysely<Database>): Promise<number> {
  const rows = await listLatestOutboxMail(db, LISTED);
  if (rows.length === 0) {
    console.log('The outbox is empty.');
    return 0;
  }
  for (const row of rows) {
    console.log(`#${row.id}  ${row.created_at}  ${row.status.padEnd(10)}  ${row.recipient}  ${row.subject}`);
  }
  console.log(`\nThe latest ${rows.length}; print one with: npm run mail:outbox -- <id>`);
  return 0;
}

async function printOne(db: Kysely<Database>, id: number): Promise<number> {
  const mail = await findOutboxMail(db, id);
  if (!mail) {
    console.error(`No message #${id} in the outbox.`);
    return 1;
  }
  console.log(
    [
      `Message #${mail.id} (${mail.template}), ${mail.status}`,
      `Queued:  ${mail.created_at}`,
      ...(mail.sent_at ? [`Sent:    ${mail.sent_at}`] : []),
      ...(mail.last_error ? [`Problem: ${mail.last_error}`] : []),
      `To:      ${mail.recipient}`,
      `Subject: ${mail.subject}`,
      '',
      mail.text,
    ].join('\n'),
  );
  return 0;
}

async function run([id, ...rest]: string[]): Promise<number> {
  if (modeOf() === 'production') {
    console.error(
      'mail:outbox reads the sandbox mailbox and is refused in production: production mail leaves through SMTP and its bodies are removed once delivered.',
    );
    return 1;
  }
  if (rest.length > 0 || (id !== undefined && !/^[1-9]\d*$/.test(id))) {
    console.error(USAGE);
    return 2;
  }
  const db = openDatabase(loadConfig().databaseUrl);
  try {
    await migrateToLatest(db.kysely);
    return id === undefined ? await listLatest(db.kysely) : await printOne(db.kysely, Number(id));
  } finally {
    await db.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
