// `npm test`'s SDK package step: builds @voltin/sdk and packs it as an integrator would install it (npm pack, dry
// run), then checks the package holds the compiled client, its types and README, and nothing of the sources or tests.
import { execFileSync } from 'node:child_process';

const npm = (args) => execFileSync('npm', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });

npm(['run', 'build', '-w', '@voltin/sdk']);
const [pack] = JSON.parse(npm(['pack', '--dry-run', '--json', '-w', '@voltin/sdk']));
const files = pack.files.map((file) => file.path);
const required = ['package.json', 'README.md', 'dist/index.js', 'dist/index.d.ts', 'dist/generated/api.d.ts'];
const missing = required.filter((file) => !files.includes(file));
const stray = files.filter((file) => /^(src|test|scripts)\//.test(file));
if (missing.length > 0 || stray.length > 0) {
  console.error(
    `${pack.filename}: missing ${missing.join(', ') || 'nothing'}; should not ship ${stray.join(', ') || 'anything else'}`,
  );
  process.exit(1);
}
console.log(
  `${pack.filename}: ${files.length} files, ${pack.size} bytes packed (${pack.unpackedSize} unpacked)`,
);
