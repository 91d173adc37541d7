// The fields a route's procedure reads, from its zod input schemas: a field added to a schema is
// attacked without touching this suite.
import { restRoutes } from '../../rest/routes';
import * as patientSchemas from '../../../shared/patients';
import { appRouter } from '../../trpc/router';
import type { RouteUnderTest } from './routes-under-test';

type ZodLike = { _zod?: { def?: Record<string, unknown> } };
export const defOf = (schema: unknown) => (schema as ZodLike | undefined)?._zod?.def as (Record<string, unknown> & { type?: string }) | undefined;

/** The object shape(s) a schema accepts, merged: wrappers, pipes, unions and intersections are looked through. */
function shapeOf(schema: unknown, depth = 0): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const def = defOf(schema);
  if (!def || depth > 10) return out;
  const add = (more: Map<string, unknown>) => more.forEach((value, key) => out.has(key) || out.set(key, value));
  if (def.type === 'object' && def.shape) {
    for (const [key, value] of Object.entries(def.shape as Record<string, unknown>)) out.set(key, value);
    return out;
  }
  for (const key of ['innerType', 'in', 'out', 'left', 'right', 'schema']) if (def[key]) add(shapeOf(def[key], depth + 1));
  if (Array.isArray(def.options)) for (const option of def.options) add(shapeOf(option, depth + 1));
  if (typeof def.getter === 'function') add(shapeOf((def.getter as () => unknown)(), depth + 1));
  return out;
}

type ProcedureDefs = Record<string, { _def?: { inputs?: unknown[] } }>;
const procedures = appRouter._def.procedures as unknown as ProcedureDefs;

function fieldsOfProcedure(procedure: string): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const input of procedures[procedure]?._def?.inputs ?? []) shapeOf(input).forEach((value, key) => out.has(key) || out.set(key, value));
  return out;
}

/** Every field any procedure reads: the last resort for a schema that cannot be looked into. */
const allFields = (() => {
  const out = new Map<string, unknown>();
  for (const route of restRoutes) fieldsOfProcedure(route.procedure).forEach((value, key) => out.has(key) || out.set(key, value));
  return out;
})();

const isOpaque = (route: RouteUnderTest) =>
  Boolean(route.procedure) && (procedures[route.procedure!]?._def?.inputs ?? []).length > 0 && fieldsOfProcedure(route.procedure!).size === 0;

/**
 * For a procedure whose schema is a transform of unknown (POST /patients picks one of two payloads
 * inside it), the object schemas of shared/patients.ts that look like its payloads: an email with
 * either a password (a new account) or an idUser (API.md's payload for an existing patient).
 */
const patientPayloadShapes = Object.values(patientSchemas)
  .map((schema) => (defOf(schema)?.type === 'object' ? shapeOf(schema) : undefined))
  .filter((shape): shape is Map<string, unknown> => Boolean(shape?.has('email') && (shape.has('password') || shape.has('idUser'))));

/** The alternative bodies a route's procedure accepts, as field maps. */
export function shapesOf(route: RouteUnderTest): Map<string, unknown>[] {
  if (route.kind !== 'json' || !route.procedure) return [];
  if (!isOpaque(route)) return [fieldsOfProcedure(route.procedure)];
  if (route.procedure === 'patients.create' && patientPayloadShapes.length) return patientPayloadShapes;
  // A schema that hides its shape still reads fields: attack it with every field the API knows.
  return [allFields];
}

/** Every field a route's procedure may read. */
export function fieldsOf(route: RouteUnderTest): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const shape of shapesOf(route)) shape.forEach((value, key) => out.has(key) || out.set(key, value));
  return out;
}

/** Fields that hold ids: the body's own and the path's. */
export function idFieldsOf(route: RouteUnderTest): string[] {
  if (!route.readsBody || route.kind !== 'json') return [];
  return [...fieldsOf(route).keys()].filter((key) => /^id[A-Z]/.test(key) && !route.params.includes(key));
}

/** The body fields of a write that may hold text: not the path's ids, not ids at all. */
export const textFieldsOf = (route: RouteUnderTest) =>
  route.kind === 'json' && route.readsBody && (route.method === 'POST' || route.method === 'PATCH')
    ? [...fieldsOf(route).keys()].filter((key) => !route.params.includes(key) && !/^id[A-Z]/.test(key))
    : [];
