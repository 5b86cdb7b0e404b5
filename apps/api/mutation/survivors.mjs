// Lists the mutants a run left alive (`node mutation/survivors.mjs [reports/mutation/mutation.json] [file filter]`):
// survived and without coverage, one per line with the source line it changed, to work through after a run.
import { readFileSync } from 'node:fs';

const [reportPath = 'reports/mutation/mutation.json', filter = ''] = process.argv.slice(2);
const report = JSON.parse(readFileSync(reportPath, 'utf8'));
const alive = new Set(['Survived', 'NoCoverage']);

for (const [file, { source, mutants }] of Object.entries(report.files)) {
  if (!file.includes(filter)) continue;
  const lines = source.split('\n');
  const left = mutants
    .filter((m) => alive.has(m.status))
    .sort((a, b) => a.location.start.line - b.location.start.line);
  const count = (status) => mutants.filter((m) => m.status === status).length;
  console.log(
    `\n${file}: ${mutants.length} mutants, ${count('Killed')} killed, ${count('Timeout')} timed out, ` +
      `${count('Survived')} survived, ${count('NoCoverage')} without coverage, ${count('Ignored')} ignored`,
  );
  for (const m of left) {
    const { line, column } = m.location.start;
    const code = lines[line - 1]?.trim().slice(0, 110);
    console.log(
      `  ${m.status === 'NoCoverage' ? 'NOCOV' : 'ALIVE'} ${line}:${column} ${m.mutatorName} → ${JSON.stringify(m.replacement ?? '').slice(0, 70)}`,
    );
    console.log(`        ${code}`);
  }
}
