// The yardstick of `npm run bench`: a bare Fastify process that answers each benchmarked path with
// the very bytes the real server answered, and sign-in with nothing but argon2 verification of the
// same hash. What the real server costs beyond this is what Expediente itself spends.
// Run as: tsx scripts/bench/bare-server.ts <fixtures.json>, with PORT in the environment.
import argon2 from 'argon2';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { readFileSync } from 'node:fs';

export interface BareFixture {
  method: 'GET' | 'POST';
  path: string;
  contentType: string;
  body: string;
}

export interface BareFixtures {
  routes: BareFixture[];
  /** The medic's argon2 hash and password: POST /bare/verify checks one against the other. */
  passwordHash: string;
  password: string;
}

const fixtures = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as BareFixtures;
const app = Fastify({ logger: false });

// One lookup by the whole URL: two fixtures may share a path and differ only in their query.
const byUrl = new Map(fixtures.routes.map((route) => [`${route.method} ${route.path}`, route]));
const answer = (request: FastifyRequest, reply: FastifyReply) => {
  const route = byUrl.get(`${request.method} ${request.url}`);
  if (!route) return reply.code(404).send({ error: 'no fixture' });
  return reply.type(route.contentType).send(route.body);
};
app.get('/*', answer);

app.post('/bare/verify', async (_request, reply) => {
  const valid = await argon2.verify(fixtures.passwordHash, fixtures.password);
  return reply.code(valid ? 200 : 401).send({ valid });
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
