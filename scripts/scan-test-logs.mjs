// `node scripts/scan-test-logs.mjs <log-file>`: fails when the app log of a test run holds personal data: an SSN,
// or a federal tax id, date of birth or card number that the API tests send. It names the kind of value and the
// route of the log line, never the value. `npm test` runs it after the API tests on each engine.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const testRoot = path.resolve(import.meta.dirname, '../apps/api/test');

function testSources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testSources(full);
    return entry.name.endsWith('.ts') ? [readFileSync(full, 'utf8')] : [];
  });
}

const digitsOf = (value) => value.replace(/\D/g, '');

/** The literal values of one kind that the test sources send, as written and as bare digits. */
function literals(sources, pattern, { withDigits = true } = {}) {
  const found = new Set();
  for (const source of sources)
    for (const match of source.matchAll(pattern)) {
      found.add(match[1]);
      if (withDigits) found.add(digitsOf(match[1]));
    }
  return [...found].filter((value) => value.length >= 8);
}

/** What to look for: patterns for every SSN, and the tax ids, dates of birth and card numbers the tests use. */
export function sensitiveValues(sources = testSources(testRoot)) {
  return [
    // Any SSN-shaped value (tests build many, e.g. ssnEnding('720')); no other field is written 3-2-4.
    { kind: 'SSN', test: (line) => /(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])/.test(line) },
    ...literals(sources, /(?:fedtaxid|fed_tax_id|taxId|TAX_ID)\W+['"`]([\d-]{9,11})['"`]/g).map((value) => ({
      kind: 'federal tax id',
      value,
    })),
    ...literals(sources, /(?:dateOfBirth|date_of_birth)\W+['"`](\d{4}-\d{2}-\d{2})['"`]/g, {
      withDigits: false,
    }).map((value) => ({ kind: 'date of birth', value })),
    ...literals(sources, /['"`]([3-6]\d{12,18})['"`]/g).map((value) => ({ kind: 'card number', value })),
  ];
}

/** Each leak as "kind in a log line of route": the value itself is never repeated. */
export function leaksIn(logText, values = sensitiveValues()) {
  const leaks = [];
  for (const line of logText.split('\n')) {
    if (!line.trim()) continue;
    const leaked = values.find((candidate) =>
      candidate.test ? candidate.test(line) : line.includes(candidate.value),
    );
    if (!leaked) continue;
    let route = 'no request';
    try {
      const entry = JSON.parse(line);
      route = entry.req?.url ?? entry.url ?? entry.msg ?? route;
    } catch {}
    leaks.push(`${leaked.kind} in a log line of ${route}`);
  }
  return leaks;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  if (!file) {
    console.error('Usage: node scripts/scan-test-logs.mjs <log-file>');
    process.exit(2);
  }
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n').filter((line) => line.trim()).length;
  if (lines === 0) {
    console.error(
      `${file} holds no log line: the tests did not log (VOLTIN_TEST_LOG_FILE), so nothing was scanned.`,
    );
    process.exit(1);
  }
  const leaks = leaksIn(text);
  if (leaks.length > 0) {
    const counted = new Map();
    for (const leak of leaks) counted.set(leak, (counted.get(leak) ?? 0) + 1);
    console.error(`Personal data in the app log of the test run (${leaks.length} of ${lines} lines):`);
    for (const [leak, count] of counted) console.error(`  ${leak}${count > 1 ? ` (${count} lines)` : ''}`);
    process.exit(1);
  }
  console.log(`Log scan: ${lines} log lines, no SSN, federal tax id, date of birth or card number.`);
}
