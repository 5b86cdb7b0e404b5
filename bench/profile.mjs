// `node bench/profile.mjs [endpoint-index…]`: one API process on a fresh SQLite file (or DATABASE_URL=postgres://…
// for an existing database) under `node --cpu-prof`, loaded one endpoint at a time; prints the top self-time
// functions of each profile. Endpoints: 0 plans/for-wizard, 1 utilities, 2 customer enrollments, 3 enrollment create.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { load, log, prepare, startApi } from './run.mjs';

const TOP = Number(process.env.PROFILE_TOP ?? 20);
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 6);

export function summarise(file, top = TOP) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  const deltas = profile.timeDeltas;
  let total = 0;
  profile.samples.forEach((id, i) => {
    const { callFrame } = byId.get(id);
    const where = callFrame.url
      ? `${callFrame.url.replace(/^file:\/\/.*?node_modules\//, '').replace(/^file:\/\/.*?\/apps\//, 'apps/')}:${callFrame.lineNumber + 1}`
      : '';
    const key = `${callFrame.functionName || '(anonymous)'} ${where}`.trim();
    const dt = deltas[i] ?? 0;
    total += dt;
    self.set(key, (self.get(key) ?? 0) + dt);
  });
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, us]) => `${((100 * us) / total).toFixed(1).padStart(5)}%  ${name}`)
    .join('\n');
}

const picks = process.argv.slice(2).map(Number);
const indexes = picks.length ? picks : [0, 1, 2, 3];
const tmp = mkdtempSync(path.join(tmpdir(), 'voltin-profile-'));
try {
  for (const index of indexes) {
    const dir = path.join(tmp, `p${index}`);
    const api = await startApi(process.env.DATABASE_URL ?? `sqlite:${path.join(tmp, `p${index}.sqlite`)}`, [
      '--cpu-prof',
      '--cpu-prof-dir',
      dir,
    ]);
    let name;
    try {
      const { endpoints } = await prepare(api.base);
      name = endpoints[index].name;
      log(`profiling ${name} for ${SECONDS} s`);
      const result = await load([api.base], endpoints[index].request, { duration: SECONDS });
      log(`${name}: ${result.rps.toFixed(0)} req/s under the profiler`);
    } finally {
      await api.stop();
    }
    const [file] = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
    process.stdout.write(`\n## ${name}: top self time\n\n${summarise(path.join(dir, file))}\n`);
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
