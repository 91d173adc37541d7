// GET /api/openapi.json: an OpenAPI 3.1 description made from the route table (rest/routes.ts),
// the zod schemas the procedures validate their input with (read from the router itself) and the
// answer schemas of responses.ts. Nothing here repeats a field rule: a new row, a new field or a
// changed limit shows up in the description by itself.
import { z } from 'zod';
import { auditFilterInput } from '../../shared/admin';
import { createPatientAccountInput, createPatientForUserInput, patientIdInput } from '../../shared/patients';
import { AUDIT_CSV_COLUMNS } from '../audit/audit-csv';
import { restRoutes, type HttpMethod, type RestRoute } from '../rest/routes';
import { appRouter } from '../trpc/router';
import {
  adminProcedure,
  authFloodProcedure,
  medicProcedure,
  patientProcedure,
  publicProcedure,
  sessionProcedure,
  setupProcedure,
  floodGuarded,
  userProcedure,
} from '../trpc/trpc';
import { fileSchema } from './clinical-schemas';
import { collectionItems, errorBodySchema, procedureResponses, undescribedObject } from './responses';
import { errorResponse, errorResponses, sharedErrors } from './error-responses';
import { healthOperation } from './health-operation';
import { respelled, spellingOf } from './path-spelling';
import { summaryOf } from './summaries';

type JsonSchema = Record<string, unknown>;
type Json = Record<string, unknown>;

interface ProcedureDef {
  type: 'query' | 'mutation' | 'subscription';
  inputs: z.ZodType[];
  middlewares: unknown[];
}

const procedures = appRouter._def.procedures as unknown as Record<string, { _def: ProcedureDef }>;

const COMPONENTS = '#/components/schemas/';

/** zod names a shared schema `#/$defs/<id>`; in an OpenAPI document it lives under components. */
function toComponentRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toComponentRefs);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === '$ref' && typeof inner === 'string' ? inner.replace(/^#\/\$defs\//, COMPONENTS) : toComponentRefs(inner),
    ]),
  );
}

/** The shared components (schemas with a `.meta({ id })`), filled as schemas are converted. */
class SchemaConverter {
  readonly components: Record<string, JsonSchema> = {};

  convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const json = z.toJSONSchema(schema, {
      io,
      target: 'draft-2020-12',
      // Transforms and refinements are checks the server runs, not shapes a JSON Schema can say.
      unrepresentable: 'any',
    }) as JsonSchema;
    const { $schema: _schema, $defs, ...rest } = toComponentRefs(json) as JsonSchema & { $defs?: Record<string, JsonSchema> };
    // A schema with a `.meta({ id })` is a $def (a schema that is one itself comes back as a $ref to it).
    for (const [id, def] of Object.entries($defs ?? {})) this.components[id] = def;
    return rest;
  }
}

/** Inputs added by several `.input()` calls are merged by tRPC; their object schemas are merged here. */
function mergeObjects(schemas: JsonSchema[]): JsonSchema {
  if (schemas.length === 1) return schemas[0]!;
  const plain = schemas.every((schema) => schema.type === 'object' && !('anyOf' in schema) && !('allOf' in schema));
  if (!plain) return { allOf: schemas };
  const properties: Record<string, JsonSchema> = {};
  const required = new Set<string>();
  for (const schema of schemas) {
    Object.assign(properties, schema.properties ?? {});
    for (const key of (schema.required as string[] | undefined) ?? []) required.add(key);
  }
  return { type: 'object', properties, ...(required.size ? { required: [...required] } : {}) };
}

/** POST /patients takes one of two documented forms, told apart by idUser (shared/patients.ts). */
const inputOverrides: Record<string, z.ZodType[]> = {
  'patients.create': [z.union([createPatientAccountInput, createPatientForUserInput])],
};

function inputSchemaOf(converter: SchemaConverter, procedure: string): JsonSchema | undefined {
  const inputs = inputOverrides[procedure] ?? procedures[procedure]!._def.inputs;
  if (inputs.length === 0) return undefined;
  // An optional input (the whole patient list when no page is asked for) is described as its object.
  return mergeObjects(inputs.map((input) => unwrapOptional(converter.convert(input, 'input'))));
}

function unwrapOptional(schema: JsonSchema): JsonSchema {
  const anyOf = schema.anyOf as JsonSchema[] | undefined;
  if (anyOf && anyOf.length === 2 && anyOf.some((part) => part.type === 'null' || Object.keys(part).length === 0)) {
    const other = anyOf.find((part) => part.type === 'object');
    if (other) return other;
  }
  return schema;
}

/** Who may call: the most specific kind of procedure this one was built from (trpc.ts). */
const callers: [string, { _def: { middlewares: unknown[] } }][] = [
  ['administrator', adminProcedure as never],
  ['medic', medicProcedure as never],
  ['patient', patientProcedure as never],
  ['any user', userProcedure as never],
  ['any user, even one who must change their password', sessionProcedure as never],
  ['any user, even a medic the second-factor policy holds back (password current)', setupProcedure as never],
  ['anyone (sign-in limits apply)', authFloodProcedure as never],
  ['anyone', publicProcedure as never],
];

/** A procedure built with trpc.ts's floodGuarded answers 429 when one address floods it. */
const floodCheck = (floodGuarded as unknown as { _middlewares: unknown[] })._middlewares[0];
const isFloodGuarded = (procedure: string): boolean => procedures[procedure]!._def.middlewares.includes(floodCheck);

function callerOf(procedure: string): string {
  const own = procedures[procedure]!._def.middlewares;
  const found = callers.find(([, base]) => base._def.middlewares.every((middleware, index) => own[index] === middleware));
  return found ? found[0] : 'anyone';
}

/**
 * Where an input comes from in HTTP: the row's input mapper is run on markers, so a path
 * parameter renamed for the procedure (`:patientId` → idPatient) or a query key read is found
 * out from the mapper itself.
 */
interface InputSources {
  /** input key → path parameter */
  params: Map<string, string>;
  /** input key → query parameter */
  query: Map<string, string>;
  /** the body's fields are passed on */
  body: boolean;
}

const MARK = '\u0000openapi:';

function inputSourcesOf(route: RestRoute): InputSources {
  const pathParams = paramsOf(route.path);
  const sources: InputSources = { params: new Map(), query: new Map(), body: false };
  if (!route.input) {
    sources.body = route.method !== 'GET';
    return sources;
  }
  const params = Object.fromEntries(pathParams.map((name) => [name, `${MARK}param:${name}`]));
  const query = new Proxy({} as Record<string, string | undefined>, {
    get: (_target, key) => (typeof key === 'string' ? `${MARK}query:${key}` : undefined),
  });
  const bodyKey = `${MARK}body`;
  const input = route.input({ params, query, body: { [bodyKey]: true } });
  if (!input || typeof input !== 'object') return sources;
  for (const [key, value] of Object.entries(input)) {
    if (key === bodyKey) sources.body = true;
    else if (typeof value === 'string' && value.startsWith(`${MARK}param:`)) sources.params.set(key, value.slice(`${MARK}param:`.length));
    else if (typeof value === 'string' && value.startsWith(`${MARK}query:`)) sources.query.set(key, value.slice(`${MARK}query:`.length));
  }
  return sources;
}

const paramsOf = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);

/** Fastify's `:id` as OpenAPI's `{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

export function responseSchemaOf(procedure: string): z.ZodType {
  const collection = /^patients\.(\w+)\.(add|update)$/.exec(procedure);
  if (collection) return collectionItems[collection[1]!] ?? undescribedObject;
  return (procedureResponses as Record<string, z.ZodType>)[procedure] ?? undescribedObject;
}

function tagOf(procedure: string): string {
  const area = procedure.split('.')[0]!;
  return area === 'clinicalHistory' ? 'clinical-history' : area;
}

const SUCCESS_TEXT: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted: waits for the patient', 204: 'Done; no body' };

function operationOf(converter: SchemaConverter, route: RestRoute): Json {
  const who = callerOf(route.procedure);
  const signedIn = !who.startsWith('anyone');
  const sources = inputSourcesOf(route);
  const input = inputSchemaOf(converter, route.procedure);
  const properties = (input?.properties ?? {}) as Record<string, JsonSchema>;
  // An input that may be absent as a whole (the unpaged patient list) requires none of its parts.
  const optional = procedures[route.procedure]!._def.inputs.some((schema) => schema.safeParse(undefined).success);
  const required = new Set(optional ? [] : ((input?.required as string[] | undefined) ?? []));

  const parameters: Json[] = [];
  const fromPath = new Map([...sources.params].map(([key, name]) => [name, key]));
  for (const name of paramsOf(route.path)) {
    const key = fromPath.get(name) ?? name;
    parameters.push({ name, in: 'path', required: true, schema: properties[key] ?? { type: 'string' } });
  }
  for (const [key, name] of sources.query) {
    parameters.push({ name, in: 'query', required: required.has(key), schema: properties[key] ?? {} });
  }

  let requestBody: Json | undefined;
  if (sources.body && input) {
    const taken = new Set([...sources.params.keys(), ...sources.query.keys(), ...paramsOf(route.path)]);
    const body = input.properties
      ? {
          ...input,
          properties: Object.fromEntries(Object.entries(properties).filter(([key]) => !taken.has(key))),
          ...(input.required ? { required: [...required].filter((key) => !taken.has(key)) } : {}),
        }
      : input;
    if (Array.isArray(body.required) && body.required.length === 0) delete body.required;
    const hasFields = !body.properties || Object.keys(body.properties as Json).length > 0;
    if (hasFields) {
      requestBody = {
        required: Array.isArray(body.required) ? body.required.length > 0 : !body.properties,
        content: { 'application/json': { schema: body } },
      };
    }
  }

  const status = route.status ?? 200;
  const success =
    status === 204
      ? { description: SUCCESS_TEXT[204] }
      : {
          description: route.download ? `${SUCCESS_TEXT[status] ?? 'OK'}: a file to save (Content-Disposition: attachment)` : (SUCCESS_TEXT[status] ?? 'OK'),
          content: { [route.download?.contentType ?? 'application/json']: { schema: converter.convert(responseSchemaOf(route.procedure), 'output') } },
        };

  return {
    operationId: route.procedure,
    tags: [tagOf(route.procedure)],
    summary: summaryOf(route.procedure),
    description: `Who: ${who}. tRPC procedure \`${route.procedure}\`.`,
    'x-who': who,
    'x-procedure': route.procedure,
    ...(signedIn ? {} : { security: [] }),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: {
      [status]: success,
      ...errorResponses({
        input: Boolean(input),
        signedIn,
        ids: paramsOf(route.path).length > 0,
        floods: isFloodGuarded(route.procedure),
        body: sources.body,
      }),
    },
  };
}

/** The routes that are not procedures: health, the documents (rest/documents.ts) and the audit CSV (rest/audit-export.ts). */
function ownRoutes(converter: SchemaConverter): { method: HttpMethod; path: string; operation: Json }[] {
  const codeParam = { name: 'code', in: 'path', required: true, schema: { type: 'string' }, description: "The document's unguessable code." };
  const bytes = {
    description: "The original bytes, with the document's `Content-Type` and `Content-Disposition: inline` with its name.",
    content: { 'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } },
  };
  const download = (who: string, operationId: string, summary: string): Json => ({
    operationId,
    tags: ['documents'],
    summary,
    description: `Who: ${who}.`,
    'x-who': who,
    parameters: [codeParam],
    responses: {
      200: bytes,
      ...errorResponses({ input: true, signedIn: true, ids: true, floods: false, body: false }),
    },
  });
  return [
    { method: 'GET', path: '/health', operation: healthOperation((schema) => converter.convert(schema, 'output')) },
    {
      method: 'POST',
      path: '/medics/patients/{idPatient}/files',
      operation: {
        operationId: 'documents.upload',
        tags: ['documents'],
        summary: "Upload a document to a patient's record (image, video, audio or PDF, by its content)",
        description: 'Who: medic, linked.',
        'x-who': 'medic, linked',
        parameters: [{ name: 'idPatient', in: 'path', required: true, schema: (converter.convert(patientIdInput, 'input').properties as Record<string, JsonSchema>).idPatient }],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' }, comment: { type: 'string' } },
                required: ['file'],
              },
            },
          },
        },
        responses: {
          201: { description: 'Created', content: { 'application/json': { schema: converter.convert(fileSchema, 'output') } } },
          ...errorResponses({ input: true, signedIn: true, ids: true, floods: false, body: false }),
          413: errorResponse('Over `MAX_UPLOAD_MB` (`FILE_TOO_LARGE`).'),
          415: errorResponse('Not an image, video, audio or PDF by its content (`UNSUPPORTED_FILE_TYPE`).'),
          507: errorResponse('No room left to store it (`STORAGE_FULL`): nothing was kept, and the rest of the body is read away so the answer arrives at once.'),
        },
      },
    },
    { method: 'GET', path: '/medics/files/{code}', operation: download('medic, linked', 'documents.medicDownload', 'Download a document of a linked patient') },
    { method: 'GET', path: '/patients/me/files/{code}', operation: download('patient, own file', 'documents.patientDownload', 'Download one of your own documents') },
    { method: 'GET', path: '/admin/audit.csv', operation: auditExportOperation(converter) },
  ];
}

/** GET /admin/audit.csv (rest/audit-export.ts): the filter of GET /admin/audit, every page, as a CSV stream. */
function auditExportOperation(converter: SchemaConverter): Json {
  const filter = (converter.convert(auditFilterInput, 'input').properties ?? {}) as Record<string, JsonSchema>;
  return {
    operationId: 'admin.auditExport',
    tags: ['admin'],
    summary: 'Download the audit trail under the filter of `GET /admin/audit` (every event, newest first) as CSV. The export is audited with its row count',
    description:
      'Who: administrator. Streamed as it is read. RFC 4180, UTF-8 with a byte order mark (for spreadsheets), CRLF line ends, a header row; ' +
      'a cell that starts with `=`, `+`, `-`, `@`, tab or carriage return is prefixed with `\'` so that no spreadsheet runs it as a formula.',
    'x-who': 'administrator',
    parameters: Object.entries(filter).map(([name, schema]) => ({ name, in: 'query', required: false, schema })),
    responses: {
      200: {
        description: 'The events, one per row, as `auditoria-<day>.csv` (Content-Disposition: attachment)',
        content: { 'text/csv': { schema: { type: 'string', description: `Columns: ${AUDIT_CSV_COLUMNS.join(', ')}` } } },
      },
      ...errorResponses({ input: true, signedIn: true, ids: false, floods: false, body: false }),
    },
  };
}

const TAGS = [
  { name: 'health', description: 'Is the server up' },
  { name: 'auth', description: 'Registration, sign-in, session and password' },
  { name: 'admin', description: "Practice administration: medics, password resets, emergency accesses, the practice's data, the audit trail" },
  { name: 'medics', description: "The medic's workspace: patients, search, link requests, emergency access, profile" },
  { name: 'patients', description: "Patient records, their collections, and the patient's own side" },
  { name: 'clinical-history', description: 'Appointments, their prescriptions and addenda' },
  { name: 'practice', description: "The practice's own data for printed documents" },
  { name: 'catalog', description: 'Reference data: the diagnosis catalog' },
  { name: 'documents', description: 'Uploaded documents (multipart in, bytes out)' },
];

/**
 * The repository grants no licence: package.json is private and names none, and there is no LICENSE
 * file, so all rights are reserved. SPDX lists no identifier for that; `LicenseRef-` is SPDX's own
 * form for a licence off its list. A licence the project adopts replaces both.
 */
const LICENSE = { name: 'All rights reserved', identifier: 'LicenseRef-All-Rights-Reserved' };

export function buildOpenApiDocument(routes: RestRoute[] = restRoutes): Json {
  const converter = new SchemaConverter();
  const paths: Record<string, Record<string, Json>> = {};
  const add = (method: HttpMethod, path: string, operation: Json) => {
    const spelling = spellingOf(Object.keys(paths), path);
    paths[spelling] ??= {};
    paths[spelling][method.toLowerCase()] = respelled(operation, path, spelling);
  };
  const own = ownRoutes(converter);
  add(own[0]!.method, own[0]!.path, own[0]!.operation);
  for (const route of routes) add(route.method, openApiPath(route.path), operationOf(converter, route));
  for (const { method, path, operation } of own.slice(1)) add(method, path, operation);
  converter.convert(errorBodySchema, 'output');

  const tags = new Set(Object.values(paths).flatMap((operations) => Object.values(operations).flatMap((op) => op.tags as string[])));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Expediente API',
      version: '1',
      description:
        'The REST adapter of Expediente. JSON in and out; `Authorization: Bearer <access_token>` on every call but health, ' +
        'sign-in and registration. Every error has the body `ErrorBody`. Generated from the route table and the ' +
        'schemas the server validates with.',
      license: LICENSE,
    },
    servers: [{ url: '/api' }],
    tags: [...TAGS.filter((tag) => tags.has(tag.name)), ...[...tags].filter((name) => !TAGS.some((tag) => tag.name === name)).map((name) => ({ name }))],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: converter.components,
      responses: sharedErrors,
    },
    security: [{ bearer: [] }],
  };
}
