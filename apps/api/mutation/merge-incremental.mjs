// Merges Stryker incremental records of runs over different files into one (`node mutation/merge-incremental.mjs
// out.json older.json newer.json …`), so one later run reuses all of them. Test ids are numbered per run, so tests
// are re-keyed by (file, name). Where runs saw different versions of a test file, the oldest is kept: a later run then
// treats that file's tests as changed and re-tests what they cover, rather than trust a result from another version.
import { readFileSync, writeFileSync } from 'node:fs';

const [output, ...inputs] = process.argv.slice(2);
if (!output || inputs.length < 2) {
  console.error('usage: node mutation/merge-incremental.mjs <out.json> <older.json> <newer.json> [...]');
  process.exit(2);
}

const records = inputs.map((path) => JSON.parse(readFileSync(path, 'utf8')));
const testFiles = {};
const keyOf = (file, name) => `${file}\u0000${name}`;
const newIds = new Map();

for (const record of records) {
  for (const [file, entry] of Object.entries(record.testFiles ?? {})) {
    testFiles[file] ??= { source: entry.source, tests: [] };
    const kept = testFiles[file];
    for (const test of entry.tests) {
      const key = keyOf(file, test.name);
      if (newIds.has(key)) continue;
      newIds.set(key, String(newIds.size));
      kept.tests.push({ ...test, id: newIds.get(key) });
    }
  }
}

const files = {};
let mutantCount = 0;
for (const record of records) {
  const oldKeys = new Map();
  for (const [file, entry] of Object.entries(record.testFiles ?? {})) {
    for (const test of entry.tests) oldKeys.set(test.id, keyOf(file, test.name));
  }
  const remap = (ids) => ids?.map((id) => newIds.get(oldKeys.get(id))).filter((id) => id !== undefined);
  for (const [file, entry] of Object.entries(record.files)) {
    files[file] = {
      ...entry,
      mutants: entry.mutants.map((mutant) => ({
        ...mutant,
        // Mutant ids are numbered per run too; merged runs would repeat them.
        id: String(mutantCount++),
        ...(mutant.coveredBy ? { coveredBy: remap(mutant.coveredBy) } : {}),
        ...(mutant.killedBy ? { killedBy: remap(mutant.killedBy) } : {}),
      })),
    };
  }
}

const newest = records.at(-1);
writeFileSync(output, `${JSON.stringify({ ...newest, files, testFiles })}\n`);
console.log(
  `${Object.keys(files).length} source files, ${newIds.size} tests from ${inputs.length} records → ${output}`,
);
