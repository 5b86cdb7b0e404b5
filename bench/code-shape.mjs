// `npm run bench:code-shape [-- --baseline <git ref>]`: the API's shape today beside a baseline commit, in one run —
// the figures issue 16 (one owner per rule) is judged by. The baseline is checked out in a temporary worktree; both
// trees are measured by the same code with the same boundary rules, so the two columns compare like with like.
// Writes bench/results/code-shape.md.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { cruiseWithRules } from '../scripts/boundaries.mjs';

const root = path.resolve(import.meta.dirname, '..');
const DEFAULT_BASELINE = '9e92dd4'; // main when issue 16 began
const LONG_FILE_LINES = 400;

/** A Kysely query built (or raw SQL written) on this line. */
const QUERY =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql(<[^>]*>)?`|\bsql\.(raw|ref|lit|id|table|join)\(/g;

function typeScriptFiles(directory) {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** A table a query names: the first argument of a query or a join, without its alias. */
const TABLE_REFERENCE =
  /\.(?:selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*'([a-z_]+)/g;

/**
 * Who may query each table, read from ARCHITECTURE.md's ownership table (today's, for both trees): the owners named
 * in the first cell, and the modules it says read them ("read by …"). Tables a row ends with `*` on are a prefix.
 */
function tableOwners() {
  const text = readFileSync(path.join(root, 'ARCHITECTURE.md'), 'utf8');
  const section = text.slice(text.indexOf('## Who owns which table'));
  const owners = [];
  for (const line of section.split('\n').slice(1)) {
    if (line.startsWith('## ')) break;
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length < 4 || cells[1] === 'owner' || cells[1].startsWith('---') || cells[1] === 'not a module')
      continue;
    const readers =
      /\(read by ([^)]*)\)/
        .exec(cells[2])?.[1]
        .split(',')
        .map((name) => name.trim()) ?? [];
    const modules = [...cells[1].split(',').map((name) => name.trim()), ...readers];
    for (const [, table] of cells[2].replace(/\([^)]*\)/g, '').matchAll(/`([a-z_]+\*?)`/g))
      owners.push({ table, modules });
  }
  return (table) =>
    owners.find((entry) =>
      entry.table.endsWith('*') ? table.startsWith(entry.table.slice(0, -1)) : entry.table === table,
    )?.modules;
}

/** Queries in a module's files that name a table another module owns. */
function foreignTableQueries(moduleFiles, ownersOf) {
  return moduleFiles.reduce((sum, file) => {
    const module = file.relative.split('/')[1];
    const foreign = [...file.text.matchAll(TABLE_REFERENCE)].filter(([, table]) => {
      const owners = ownersOf(table);
      return owners !== undefined && !owners.includes(module);
    });
    return sum + foreign.length;
  }, 0);
}

const lineCount = (text) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/**
 * Where queries may live: a module's store (`store.ts`, or `<area>-store.ts` once one file would be too long) and the
 * database layer itself (migrations, seed, schema).
 */
const isQueryHome = (file) => /(^|\/|-)store\.ts$|^db\//.test(file);

const ROUTE_REGISTRATION = /^(get|post|put|patch|delete|route|register)$/;

function functionName(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  const parent = node.parent;
  if (
    parent &&
    (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) &&
    ts.isIdentifier(parent.name)
  )
    return parent.name.text;
  return undefined;
}

/**
 * A container is a function that holds other named functions (a service or store factory returning its methods, a
 * module's route plugin registering its handlers): its length is its parts', so its parts are measured instead.
 */
function isContainer(fn) {
  let named = 0;
  let handlers = 0;
  const visit = (node) => {
    if (node !== fn && ts.isFunctionLike(node)) {
      if (ts.isMethodDeclaration(node) || ts.isFunctionDeclaration(node) || functionName(node)) named += 1;
      const call = node.parent;
      if (ts.isCallExpression(call) && ts.isPropertyAccessExpression(call.expression)) {
        if (ROUTE_REGISTRATION.test(call.expression.name.text)) handlers += 1;
      }
      return;
    }
    ts.forEachChild(node, visit);
  };
  if (fn.body) ts.forEachChild(fn.body, visit);
  return named > 0 || handlers > 1;
}

/** Every function of a file that is not a container, with its length in lines. */
function functionLengths(file, text, relative) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body && !isContainer(node)) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const name = functionName(node) ?? `(anonymous, line ${first + 1})`;
      found.push({ name: `${name} in ${relative}`, lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function queriesIn(text) {
  return text.match(QUERY)?.length ?? 0;
}

async function measure(tree, ownersOf) {
  const src = path.join(tree, 'apps/api/src');
  const tests = path.join(tree, 'apps/api/test');
  const sources = typeScriptFiles(src).map((file) => {
    const relative = path.relative(src, file);
    return { relative, text: readFileSync(file, 'utf8') };
  });
  const moduleFiles = sources.filter((file) => file.relative.startsWith('modules/'));
  const longFiles = moduleFiles
    .map((file) => ({ name: file.relative, lines: lineCount(file.text) }))
    .filter((file) => file.lines > LONG_FILE_LINES)
    .sort((a, b) => b.lines - a.lines);
  // Migrations and seed data are declarations (tables, plans) read top to bottom, not logic.
  const functions = sources
    .filter((file) => !file.relative.startsWith('db/'))
    .flatMap((file) => functionLengths(file.relative, file.text, file.relative))
    .sort((a, b) => b.lines - a.lines);
  const outsideStores = sources
    .filter((file) => !isQueryHome(file.relative))
    .map((file) => ({ name: file.relative, queries: queriesIn(file.text) }))
    .filter((file) => file.queries > 0);
  const testTexts = typeScriptFiles(tests).map((file) => readFileSync(file, 'utf8'));
  const testQueries = testTexts.map(queriesIn).reduce((sum, count) => sum + count, 0);
  const testWrites = testTexts
    .map((text) => text.match(/\.(insertInto|updateTable|deleteFrom)\(/g)?.length ?? 0)
    .reduce((sum, count) => sum + count, 0);
  const cruise = await cruiseWithRules({ baseDir: tree });
  const violations = cruise.summary.violations;
  const cycles = new Set(
    violations
      .filter((violation) => violation.rule.name === 'no-circular')
      .map((violation) => [...violation.cycle.map((step) => step.name)].sort().join(' ')),
  );
  return {
    sourceLines: sources.reduce((sum, file) => sum + lineCount(file.text), 0),
    modules: new Set(moduleFiles.map((file) => file.relative.split('/')[1])).size,
    longFiles,
    largestFunctions: functions.slice(0, 5),
    functionsOver100: functions.filter((fn) => fn.lines > 100).length,
    queriesOutsideStores: outsideStores.reduce((sum, file) => sum + file.queries, 0),
    filesWithQueriesOutsideStores: outsideStores.length,
    testQueries,
    testWrites,
    foreignTableQueries: foreignTableQueries(moduleFiles, ownersOf),
    cycles: cycles.size,
    boundaryViolations: violations.filter((violation) => violation.rule.name !== 'no-circular').length,
  };
}

function checkoutBaseline(ref) {
  const tree = mkdtempSync(path.join(tmpdir(), 'voltin-baseline-'));
  execFileSync('git', ['worktree', 'add', '--detach', tree, ref], { cwd: root, stdio: 'ignore' });
  // The boundary rules resolve imports through the packages, as in the working tree.
  symlinkSync(path.join(root, 'node_modules'), path.join(tree, 'node_modules'));
  return tree;
}

function removeBaseline(tree) {
  execFileSync('git', ['worktree', 'remove', '--force', tree], { cwd: root, stdio: 'ignore' });
  rmSync(tree, { recursive: true, force: true });
}

const describeFunction = (fn) => `${fn.lines} (${fn.name})`;

function table(baselineRef, before, after) {
  const rows = [
    ['lines of TypeScript in apps/api/src', before.sourceLines, after.sourceLines],
    ['modules', before.modules, after.modules],
    [`files in modules/ over ${LONG_FILE_LINES} lines`, before.longFiles.length, after.longFiles.length],
    [
      'largest function outside db/, lines',
      describeFunction(before.largestFunctions[0]),
      describeFunction(after.largestFunctions[0]),
    ],
    ['functions over 100 lines', before.functionsOver100, after.functionsOver100],
    ['Kysely queries outside stores and db/', before.queriesOutsideStores, after.queriesOutsideStores],
    ['… in files', before.filesWithQueriesOutsideStores, after.filesWithQueriesOutsideStores],
    ['import cycles in src', before.cycles, after.cycles],
    ['other boundary-rule violations', before.boundaryViolations, after.boundaryViolations],
    [
      "queries in modules/ naming another module's table",
      before.foreignTableQueries,
      after.foreignTableQueries,
    ],
    ['Kysely queries written in tests', before.testQueries, after.testQueries],
    ['… of which write rows (insert, update, delete)', before.testWrites, after.testWrites],
  ];
  const lines = [
    `| figure | baseline ${baselineRef} | now |`,
    '|---|---|---|',
    ...rows.map((row) => `| ${row.join(' | ')} |`),
    '',
    `Files in modules/ over ${LONG_FILE_LINES} lines now: ${after.longFiles.map((file) => `${file.name} ${file.lines}`).join(', ') || 'none'}.`,
    '',
    `Largest functions now: ${after.largestFunctions.map(describeFunction).join('; ')}.`,
  ];
  return lines.join('\n');
}

async function main() {
  const flag = process.argv.indexOf('--baseline');
  const baselineRef = flag > 0 ? process.argv[flag + 1] : DEFAULT_BASELINE;
  const tree = checkoutBaseline(baselineRef);
  try {
    const ownersOf = tableOwners();
    const before = await measure(tree, ownersOf);
    const after = await measure(root, ownersOf);
    const text = `# Code shape\n\n${table(baselineRef, before, after)}\n`;
    writeFileSync(path.join(root, 'bench/results/code-shape.md'), text);
    console.log(text);
  } finally {
    removeBaseline(tree);
  }
}

await main();
