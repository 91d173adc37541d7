// The import graph's rules (`npm run lint`): no circles, and no import up a layer. A circle means two
// modules can only be understood, tested and loaded together; an upward import means a low module
// (the database, the audit trail) changes whenever a high one (a route, a procedure) does.
//
// The layers, top to bottom (the code as it stands decided them):
//   client/            the browser app; it knows the server only through the tRPC router's type
//   scripts/, e2e/     developer tools and browser journeys: they drive the server from outside
//   server/commands/   the binary's commands (backup, restore, demo, tls, encrypt, ...), and
//   server/{app,index,listen}.ts, server/packaged/main.ts: entry points, which compose everything
//   server/{rest,trpc,openapi,locked}/, server/http-server.ts: the transports, which answer HTTP
//   server/{services,fhir}/  what the practice does: the use cases the transports call
//   everything else under server/: storage and records (db/, encryption/, files/, audit/, auth/,
//                      tls/, backup/, the root modules such as config.ts and errors.ts)
//   shared/            schemas and types both sides agree on; imports nothing of the app
//
// Tests and their fixtures are held to no layer (a test of the audit trail may well drive it
// through the app), but they are held to no-circular like everything else.

const TESTS = String.raw`\.test\.tsx?$|\.fixture\.ts$|^server/test/`;
const ENTRY_POINTS = String.raw`^server/commands/|^server/(app|index|listen)\.ts$|^server/packaged/main\.ts$`;
const TRANSPORTS = String.raw`^server/(rest|trpc|openapi|locked)/|^server/http-server\.ts$`;
const SERVICES = String.raw`^server/(services|fhir)/`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A circle of imports, type-only ones included on purpose: a type that two modules both need lives in the one that owns it (or a file of its own), not in either user.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-imports-no-app-code',
      severity: 'error',
      comment: 'shared/ is read by the server and the browser alike: it cannot lean on either, nor on the tools.',
      from: { path: '^shared/' },
      to: { path: '^(server|client|scripts|e2e)/' },
    },
    {
      name: 'server-imports-no-client-or-tools',
      severity: 'error',
      comment:
        'The server (and the packaged binary built from it) holds all it runs: nothing of the browser app, the developer scripts or the browser journeys. A command the binary runs lives in server/commands/. Its tests may use the developer tools (a built client, a seeded practice): they are not shipped.',
      from: { path: '^server/', pathNot: TESTS },
      to: { path: '^(client|scripts|e2e)/' },
    },
    {
      name: 'client-imports-no-server-code',
      severity: 'error',
      comment:
        'The browser would drag server code along: the client reads API shapes from the router type (client/src/lib/trpc.ts, api-types.ts) and shared code from shared/.',
      from: { path: '^client/' },
      to: { path: '^server/', pathNot: String.raw`^server/trpc/router\.ts$` },
    },
    {
      name: 'client-imports-the-router-as-a-type-only',
      severity: 'error',
      comment: 'Only `import type { AppRouter }`: the router\'s value would bring the whole server into the bundle.',
      from: { path: '^client/' },
      to: { path: String.raw`^server/trpc/router\.ts$`, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'client-imports-no-tools',
      severity: 'error',
      comment: 'scripts/ and e2e/ sit on top: they may use the app, and the app never uses them.',
      from: { path: '^client/' },
      to: { path: '^(scripts|e2e)/' },
    },
    {
      name: 'transports-stay-below-entry-points',
      severity: 'error',
      comment: 'A route or procedure is composed by app.ts (or locked-app.ts); it never reaches back into what composes it, nor into a command.',
      from: { path: TRANSPORTS, pathNot: TESTS },
      to: { path: ENTRY_POINTS },
    },
    {
      name: 'services-stay-below-transports',
      severity: 'error',
      comment: 'A service answers in domain terms (values, AppError); how that becomes HTTP, tRPC or a command is the layer above.',
      from: { path: SERVICES, pathNot: TESTS },
      to: { path: `${TRANSPORTS}|${ENTRY_POINTS}` },
    },
    {
      name: 'storage-and-records-stay-below-services',
      severity: 'error',
      comment:
        'db/, encryption/, files/, audit/, auth/, tls/, backup/ and the root modules are what services are built from: they never call a service, a transport or an entry point. A use case found down here (a check of who may read the audit trail, say) moves up to services/.',
      from: { path: '^server/', pathNot: `${TESTS}|${SERVICES}|${TRANSPORTS}|${ENTRY_POINTS}` },
      to: { path: `${SERVICES}|${TRANSPORTS}|${ENTRY_POINTS}` },
    },
    {
      name: 'db-at-the-bottom',
      severity: 'error',
      comment:
        'The database layer opens, migrates and checks SQLite; it may use the practice key to open an encrypted file (encryption/) and nothing that is itself stored in the database.',
      from: { path: '^server/db/', pathNot: TESTS },
      to: { path: '^server/(audit|auth|backup|files|tls)/' },
    },
    {
      name: 'audit-trail-below-auth',
      severity: 'error',
      comment: 'auth/ writes its refusals into the audit trail; the trail itself never asks who may call (that is a service, services/audit-review.ts).',
      from: { path: '^server/audit/', pathNot: TESTS },
      to: { path: '^server/auth/' },
    },
    {
      name: 'records-below-backup',
      severity: 'error',
      comment:
        'A backup copies the database, the documents, the audit trail and the keys; none of those knows about backups. (encryption/encrypt-practice.ts takes a backup before it rewrites a practice, so encryption/ is not in this list; backup/ uses only its key files.)',
      from: { path: '^server/(db|files|audit|auth|tls)/', pathNot: TESTS },
      to: { path: '^server/backup/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|data|drizzle)/' },
    // Resolves imports as tsc does, and sees type-only imports (which TypeScript erases) too.
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.d.ts', '.d.mts', '.json'],
    },
  },
};
