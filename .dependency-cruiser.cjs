// The API's module boundaries (ARCHITECTURE.md), and the self-service site's one boundary, checked by
// `npm run check:boundaries` (scripts/boundaries.mjs) at the start of `npm test`. Violations that existed when a rule was
// introduced are listed in .dependency-cruiser-known-violations.json and ignored until fixed; any new one fails the check.
const src = '^apps/api/src/';
const modules = `${src}modules/`;

/**
 * Domain code: the business rules and their queries, which must not know how they are reached over HTTP — src/domain
 * and every file of a module except its HTTP side: `routes.ts`, `schemas.ts` (the wire contract), pages it renders
 * (`*-page.ts`) and `index.ts`, which exports both sides.
 */
const domain = `${src}(domain/|modules/[^/]+/(?!((ops-)?routes|(ops-)?schemas|index|[a-z-]+-page)\\.ts$))`;

/**
 * The part of src/http every layer may use, a shared kernel rather than HTTP plumbing (none of it imports Fastify):
 * ApiError and its codes (a rule refuses with an ApiError, which the error handler turns into the envelope), the
 * envelope's paging (a store pages a list the way the API answers it) and the absolute http(s) URL parser (a
 * service checks the return URLs it is given with it).
 */
const httpKernel = `${src}http/(errors|envelope|absolute-url)\\.ts$`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle makes two files one unit that cannot be understood, tested or loaded apart.',
      from: { path: src },
      to: { circular: true },
    },
    {
      name: 'not-to-other-module-internals',
      severity: 'error',
      comment:
        "A module uses another module only through that module's index.ts, which exports what others may use.",
      from: { path: `${modules}([^/]+)/` },
      to: { path: modules, pathNot: [`${modules}$1/`, `${modules}[^/]+/index\\.ts$`] },
    },
    {
      name: 'outside-to-module-internals',
      severity: 'error',
      comment: 'Code outside the modules (app, cli, jobs, db seed…) uses a module through its index.ts too.',
      from: { path: src, pathNot: modules },
      to: { path: modules, pathNot: `${modules}[^/]+/index\\.ts$` },
    },
    {
      name: 'adapters-not-to-modules',
      severity: 'error',
      comment: 'An adapter speaks to an external system for the modules; it never calls back into them.',
      from: { path: `${src}adapters/` },
      to: { path: modules },
    },
    {
      name: 'db-not-to-modules',
      severity: 'error',
      comment: 'The database layer (connection, schema, migrations) knows no module.',
      from: { path: `${src}db/`, pathNot: `${src}db/seed/` },
      to: { path: modules },
    },
    {
      name: 'domain-not-to-http',
      severity: 'error',
      comment:
        'Services, stores and src/domain hold the rules: they neither import Fastify nor the HTTP plumbing of ' +
        'src/http, except its shared kernel (ApiError, the envelope types).',
      from: { path: domain },
      to: {
        path: [`${src}http/`, '(^|/)node_modules/(fastify|@fastify/[^/]+|fastify-plugin)/'],
        pathNot: httpKernel,
      },
    },
    {
      name: 'self-service-through-the-sdk',
      severity: 'error',
      comment:
        'The self-service site (its pages and its server) reaches the platform only through the public API with ' +
        "@voltin/sdk, as a supplier's own site would: never the API's, the console's or the docs site's code.",
      from: { path: '^apps/self-service/(src|server)/' },
      to: { path: '^(apps/(api|console|docs)/|packages/sdk/src/)' },
    },
    {
      name: 'no-orphans',
      severity: 'error',
      comment: 'A source file nothing imports and that is no entry point is dead code.',
      from: { orphan: true, path: src, pathNot: [`${src}(server|cli/[^/]+)\\.ts$`, '\\.d\\.ts$'] },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    // Absolute: dependency-cruiser reads a relative `extends` from the working directory otherwise.
    tsConfig: { fileName: require('node:path').join(__dirname, 'apps/api/tsconfig.json') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
