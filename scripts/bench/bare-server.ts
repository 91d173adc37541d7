// The yardstick of `npm run bench`: a bare Fastify process that answers each benchmarked path with
// the very bytes the real server answered, and sign-in with nothing but argon2 verification of the
// same hash. What the real server costs beyond this is what Expediente itself spends.
// It also answers two ceilings of the record read (/bare/audited-record, /bare-trpc/record):
// what the framework allows once a read must commit an audit row, or go through tRPC.
// Run as: tsx scripts/bench/bare-server.ts <fixtures.json>, with PORT in the environment.
import { initTRPC } from '@trpc/server';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import argon2 from 'argon2';
import Database from 'better-sqlite3';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface BareFixture {
  method: 'GET' | 'POST';
  path: string;
  /** The Accept-Encoding it was asked with ('' for none): the same path may be asked both ways. */
  acceptEncoding: string;
  contentType: string;
  /** Set when the answer came compressed: the body is those compressed bytes. */
  contentEncoding?: string;
  /** Base64 of the bytes as they came. */
  body: string;
}

export interface BareFixtures {
  routes: BareFixture[];
  /** The medic's argon2 hash and password: POST /bare/verify checks one against the other. */
  passwordHash: string;
  password: string;
  /** The record's path among the routes: the ceilings answer its bytes. */
  recordPath: string;
}

const fixtures = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as BareFixtures;
const app = Fastify({ logger: false });

// One lookup by the whole URL and the Accept-Encoding: two fixtures may share a path and differ only
// in their query, or in being asked for compressed.
const keyOf = (method: string, url: string, acceptEncoding: string) => `${method} ${url} ${acceptEncoding}`;
const byUrl = new Map(
  fixtures.routes.map((route) => [keyOf(route.method, route.path, route.acceptEncoding), { ...route, bytes: Buffer.from(route.body, 'base64') }]),
);
const answer = (request: FastifyRequest, reply: FastifyReply) => {
  const route = byUrl.get(keyOf(request.method, request.url, request.headers['accept-encoding'] ?? ''));
  if (!route) return reply.code(404).send({ error: 'no fixture' });
  if (route.contentEncoding) reply.header('content-encoding', route.contentEncoding).header('vary', 'accept-encoding');
  return reply.type(route.contentType).send(route.bytes);
};
app.get('/*', answer);

app.post('/bare/verify', async (_request, reply) => {
  const valid = await argon2.verify(fixtures.passwordHash, fixtures.password);
  return reply.code(valid ? 200 : 401).send({ valid });
});

// Ceiling 1: the record's bytes after one audit-sized insert committed as the real read commits it
// (its own transaction, WAL, synchronous=NORMAL), with nothing else: no token, no access check.
// The record as a script asks it (uncompressed), when the run measures it.
const record = byUrl.get(keyOf('GET', fixtures.recordPath, ''));
if (record) {
  const audit = new Database(join(dirname(process.argv[2]!), 'bare-audit.db'));
  audit.pragma('journal_mode = WAL');
  audit.pragma('synchronous = NORMAL');
  audit.exec('create table if not exists audit_events (id integer primary key, at text, actor_user_id integer, action text, patient_id integer, outcome text, ip text)');
  const insert = audit.prepare('insert into audit_events (at, actor_user_id, action, patient_id, outcome, ip) values (?, 1, ?, 2, ?, ?)');
  const auditedRead = audit.transaction(() => insert.run(new Date().toISOString(), 'patient.detail', 'success', '127.0.0.1'));
  app.get('/bare/audited-record', (_request, reply) => {
    auditedRead();
    return reply.type(record.contentType).send(record.bytes);
  });

  // Ceiling 2: tRPC 11's Fastify adapter answering the record as a constant, with no middleware.
  const t = initTRPC.create();
  const recordObject = JSON.parse(record.bytes.toString()) as unknown;
  await app.register(fastifyTRPCPlugin, { prefix: '/bare-trpc', trpcOptions: { router: t.router({ record: t.procedure.query(() => recordObject) }) } });
}

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
