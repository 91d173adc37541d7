// Property-based attack on every REST route: for each row of restRoutes and the
// three document routes, fast-check generates hostile requests (wrong JSON types, huge and exotic
// unicode strings, control characters, lone surrogates, odd ids, missing and extra fields, odd query
// strings and content types, broken multipart) from every kind of caller, and checks that
//   - the server never answers 5xx (nor leaves a request unanswered),
//   - every refusal has API.md's error body with a code that tells the truth,
//   - nothing any caller sends changes patient B's record (no caller of the suite is B's medic),
//   - an id that is not a positive integer in plain decimal is refused, never read as a number,
//   - no text with control characters or direction overrides gets stored,
//   - a body that is JSON but not an object, and a query parameter given twice or as an array
//     (`?idUser[]=1`, `?q=a&q=b`), are refused with 400 VALIDATION_FAILED naming what is wrong, from
//     any caller: they once reached a change as no fields at all, or dropped a filter.
//
// Each property first sends known cases (known-cases.ts: the defects a review reproduced, as the
// caller who reaches the most code), then FUZZ_RUNS generated requests.
// Runs: FUZZ_RUNS per property (small by default, so `npm test` stays quick; `npm run test:hostile`
// runs 2000). The seed is fixed (FUZZ_SEED overrides it); each property's seed is derived from its
// name, so a failure replays exactly. FUZZ_SHRINK_MS bounds the time spent shrinking one failure.
// FUZZ_SURVEY=1 keeps every property running after a failure to list them all, and FUZZ_LOG=<file>
// appends each failing request and answer to that file as JSON lines; FUZZ_STATS=1 prints, per
// property, how often each caller got each status and code (to see that the inputs reach the code).
import { appendFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerText, errorBodyProblems, forbiddenTextScanner, misshapenRefusalProblem, newForbiddenCells, serverErrorProblem } from './checks';
import { buildFixture, callerLabel, differences, type Fixture } from './fixture';
import { knownHostileRequests, knownTaintedWrites, nonDecimalIdCases } from './known-cases';
import { describeRequest, send, type Answer, type HostileRequest } from './hostile-request';
import { hostileRequestArb } from './hostile-request-arb';
import {
  misshapenBodyCases,
  misshapenBodyRequestArb,
  NOT_AN_OBJECT,
  ONE_VALUE,
  readsQuery,
  repeatedNamesOf,
  repeatedQueryCases,
  repeatedQueryRequestArb,
  takesJsonBody,
} from './misshapen-requests';
import { nonDecimalIdRequestArb, taintedWriteRequestArb } from './one-fault-requests';
import { idFieldsOf, textFieldsOf } from './route-fields';
import { routesUnderTest, type RouteUnderTest } from './routes-under-test';

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
const SHRINK_MS = Number(process.env.FUZZ_SHRINK_MS ?? 1_500);
const SURVEY = process.env.FUZZ_SURVEY === '1';
const LOG = process.env.FUZZ_LOG;
const STATS = process.env.FUZZ_STATS === '1';
/** Per property: the runs, a slow one now and then, and the shrinking budget. */
const TEST_TIMEOUT = 30_000 + RUNS * 400 + SHRINK_MS * 4;

let fx: Fixture;
let scanForbidden: () => Promise<Map<string, string>>;

beforeAll(async () => {
  fx = await buildFixture();
  scanForbidden = forbiddenTextScanner(fx.app);
}, 120_000);
afterAll(async () => {
  await fx?.app.close();
});

/** A stable 31-bit seed per property. */
function seedOf(name: string): number {
  let hash = SEED | 0;
  for (const char of name) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

class Violation extends Error {}

const codeOf = (answer: Answer): string => {
  try {
    return String((JSON.parse(answer.response?.body ?? '') as { code?: unknown }).code ?? '');
  } catch {
    return '';
  }
};

function violation(property: string, request: HostileRequest, what: string, answer: string): Violation {
  return new Violation(`${property}\n  request: ${describeRequest(request)}\n  caller: ${callerLabel[request.caller]}\n  ${what}\n  answer: ${answer}`);
}

/**
 * fc.assert with a bound on shrinking: once a run has failed, shrinking goes on for SHRINK_MS and
 * then every further candidate is skipped, so fast-check reports the smallest failure found so far.
 */
async function holds(
  property: string,
  arb: fc.Arbitrary<HostileRequest>,
  examples: HostileRequest[],
  predicate: (request: HostileRequest) => Promise<Answer>,
) {
  let failingSince: number | undefined;
  const surveyed: string[] = [];
  const answered = new Map<string, number>();
  await fc.assert(
    fc.asyncProperty(arb, async (request) => {
      if (failingSince !== undefined && Date.now() - failingSince > SHRINK_MS) return;
      try {
        const answer = await predicate(request);
        if (STATS) {
          const key = `${request.caller} → ${answer.response?.statusCode ?? 'none'} ${codeOf(answer)}`.trim();
          answered.set(key, (answered.get(key) ?? 0) + 1);
        }
      } catch (error) {
        if (LOG) appendFileSync(LOG, `${JSON.stringify({ property, route: request.route.label, caller: request.caller, message: (error as Error).message })}\n`);
        if (SURVEY && error instanceof Violation) {
          surveyed.push((error as Error).message);
          return;
        }
        failingSince ??= Date.now();
        throw error;
      }
    }),
    // fast-check counts examples within numRuns: the known cases come on top of the generated runs.
    { seed: seedOf(property), numRuns: RUNS + examples.length, examples: examples.map((example) => [example]) },
  );
  if (STATS) console.log(`${property}\n  ${[...answered].sort((a, b) => b[1] - a[1]).map(([key, n]) => `${n} × ${key}`).join('\n  ')}`);
  expect(surveyed, `${surveyed.length} failing runs:\n${surveyed.slice(0, 20).join('\n\n')}`).toEqual([]);
}

describe.each(routesUnderTest.map((route) => [route.label, route] as [string, RouteUnderTest]))('%s', (label, route) => {
  it(
    `never answers 500 to hostile input on ${label}`,
    async () => {
      const property = `never answers 500 to hostile input on ${label}`;
      await holds(property, hostileRequestArb(route, fx), knownHostileRequests(route, fx), async (request) => {
        await fx.restore();
        const answer = await send(fx, request);
        const problem = serverErrorProblem(answer);
        if (problem) throw violation(property, request, problem, answerText(answer));
        return answer;
      });
    },
    TEST_TIMEOUT,
  );

  it(
    `answers every refusal on ${label} with the documented error body`,
    async () => {
      const property = `answers every refusal on ${label} with the documented error body`;
      await holds(property, hostileRequestArb(route, fx), knownHostileRequests(route, fx), async (request) => {
        await fx.restore();
        const answer = await send(fx, request);
        const problems = errorBodyProblems(answer);
        if (problems.length) throw violation(property, request, problems.join('; '), answerText(answer));
        return answer;
      });
    },
    TEST_TIMEOUT,
  );

  it(
    `never changes another patient's record through ${label}`,
    async () => {
      const property = `never changes another patient's record through ${label}`;
      await holds(property, hostileRequestArb(route, fx), knownHostileRequests(route, fx), async (request) => {
        await fx.restore();
        const before = await fx.snapshotOfB();
        const answer = await send(fx, request);
        const after = await fx.snapshotOfB();
        // B's own consent calls (link a doctor, accept a request) may change who is linked to B.
        const changed = differences(before, after, { linksMayChange: request.caller === 'patientB' });
        if (changed.length) throw violation(property, request, `patient B's record changed:\n  ${changed.join('\n  ')}`, answerText(answer));
        return answer;
      });
    },
    TEST_TIMEOUT,
  );

  if (route.params.some((param) => param !== 'code') || idFieldsOf(route).length > 0) {
    it(
      `refuses ids that are not plain positive decimal on ${label}`,
      async () => {
        const property = `refuses ids that are not plain positive decimal on ${label}`;
        // 401 and 403 are about the caller, decided before any input is read; anything else means
        // the id was read as a number (a 404 included: API.md answers 400 for such an id).
        await holds(property, nonDecimalIdRequestArb(route, fx)!, nonDecimalIdCases(route, fx), async (request) => {
          await fx.restore();
          const answer = await send(fx, request);
          const status = answer.response?.statusCode;
          if (status !== 400 && status !== 401 && status !== 403) {
            throw violation(property, request, `an id that is not plain positive decimal was not refused with 400`, answerText(answer));
          }
          return answer;
        });
      },
      TEST_TIMEOUT,
    );
  }

  if (takesJsonBody(route)) {
    it(
      `refuses a body that is not a JSON object on ${label}`,
      async () => {
        const property = `refuses a body that is not a JSON object on ${label}`;
        await holds(property, misshapenBodyRequestArb(route, fx), misshapenBodyCases(route, fx), async (request) => {
          await fx.restore();
          const answer = await send(fx, request);
          const problem = misshapenRefusalProblem(answer, [NOT_AN_OBJECT]);
          if (problem) throw violation(property, request, problem, answerText(answer));
          return answer;
        });
      },
      TEST_TIMEOUT,
    );
  }

  if (readsQuery(route)) {
    it(
      `refuses a query parameter given twice or as an array on ${label}`,
      async () => {
        const property = `refuses a query parameter given twice or as an array on ${label}`;
        await holds(property, repeatedQueryRequestArb(route, fx), repeatedQueryCases(route, fx), async (request) => {
          await fx.restore();
          const answer = await send(fx, request);
          const expected = repeatedNamesOf(request.query ?? '').map((path) => ({ path, message: ONE_VALUE }));
          const problem = expected.length ? misshapenRefusalProblem(answer, expected) : 'the generated query repeats no parameter';
          if (problem) throw violation(property, request, problem, answerText(answer));
          return answer;
        });
      },
      TEST_TIMEOUT,
    );
  }

  if (route.kind === 'upload' || textFieldsOf(route).length > 0) {
    it(
      `never stores control characters or direction overrides through ${label}`,
      async () => {
        const property = `never stores control characters or direction overrides through ${label}`;
        const arb = taintedWriteRequestArb(route, fx);
        if (!arb) return;
        await holds(property, arb, knownTaintedWrites(route, fx), async (request) => {
          await fx.restore();
          const before = await scanForbidden();
          const answer = await send(fx, request);
          const stored = newForbiddenCells(before, await scanForbidden());
          if (stored.length) throw violation(property, request, `stored:\n    ${stored.join('\n    ')}`, answerText(answer));
          return answer;
        });
      },
      TEST_TIMEOUT,
    );
  }
});
