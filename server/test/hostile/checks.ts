// What every answer must satisfy (API.md "Errors"), and where stored text is searched for
// characters that must never be stored.
import type { FastifyInstance } from 'fastify';
import { errorStatus } from '../../../shared/errors';
import { engineNameOf, sqliteEngineOf } from '../../db/engine';
import { rawRows } from '../../db/raw-sql';
import { FORBIDDEN_IN_TEXT } from './arbitraries';
import { UPLOAD_LIMIT } from './fixture';
import { visible, type Answer } from './hostile-request';

/** The codes API.md documents, with their status (two that the error table names are not in shared/errors yet). */
const documentedStatus: Record<string, number> = Object.assign({ METHOD_NOT_ALLOWED: 405, UNSUPPORTED_MEDIA_TYPE: 415 }, errorStatus);

/** The JSON body limit of server/app.ts: only a body over it may be answered 413 outside uploads. */
const JSON_BODY_LIMIT = 1_048_576;

const shorten = (value: string, max = 500) => (value.length > max ? `${value.slice(0, max)}…(${value.length} chars)` : value);

export function answerText(answer: Answer): string {
  if (!answer.response) return answer.problem ?? 'no response';
  const type = answer.response.headers['content-type'] ?? '(none)';
  return `${answer.response.statusCode} [${type}] ${shorten(visible(answer.response.body))}`;
}

export function serverErrorProblem(answer: Answer): string | undefined {
  if (!answer.response) return answer.problem;
  if (answer.response.statusCode >= 500) return `answered ${answer.response.statusCode}`;
  return undefined;
}

const payloadBytes = (payload: string | Buffer | undefined) => (payload === undefined ? 0 : Buffer.isBuffer(payload) ? payload.length : Buffer.byteLength(payload));

/** Content types that are plainly not JSON. */
const NOT_JSON = /^(text\/plain|text\/html|application\/xml|application\/x-www-form-urlencoded|application\/octet-stream|multipart\/form-data)\b/i;

/**
 * API.md: "a request body that is not JSON where JSON is expected" answers 415 UNSUPPORTED_MEDIA_TYPE
 * (401 and 403, about the caller, may come first).
 */
function mediaTypeProblem(answer: Answer): string | undefined {
  const { route, contentType, payload } = answer.request;
  const status = answer.response?.statusCode;
  if (route.kind !== 'json' || !route.readsBody || (route.method !== 'POST' && route.method !== 'PATCH')) return undefined;
  if (!contentType || !NOT_JSON.test(contentType) || payloadBytes(payload) === 0 || status === undefined) return undefined;
  // An unreadable or over-long path is refused by the router before any body is looked at.
  if (Object.values(answer.request.params).some((value) => !/^(?=.*\w)[\w.~-]{1,200}$/.test(value))) return undefined;
  if (status === 401 || status === 403) return undefined;
  let code: unknown;
  try {
    code = (JSON.parse(answer.response!.body) as { code?: unknown }).code;
  } catch {
    code = undefined;
  }
  if (status === 415 && code === 'UNSUPPORTED_MEDIA_TYPE') return undefined;
  return `a ${contentType} body where JSON is expected was answered ${status} ${String(code ?? '')}, not 415 UNSUPPORTED_MEDIA_TYPE`;
}

/** Problems with an answer: an error body that is not API.md's, or a code that does not tell the truth. */
export function errorBodyProblems(answer: Answer): string[] {
  const response = answer.response;
  if (!response) return [answer.problem ?? 'no response'];
  const status = response.statusCode;
  const mediaType = mediaTypeProblem(answer);
  if (status < 400) return mediaType ? [mediaType] : [];
  const problems: string[] = mediaType ? [mediaType] : [];
  const type = String(response.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) problems.push(`content-type is ${JSON.stringify(type)}, not application/json`);
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return [...problems, 'the body is not JSON'];
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return [...problems, 'the body is not a JSON object'];
  const b = body as Record<string, unknown>;
  const allowed = new Set(['statusCode', 'error', 'code', 'message', 'issues']);
  const extra = Object.keys(b).filter((key) => !allowed.has(key));
  if (extra.length) problems.push(`undocumented keys ${extra.join(', ')}`);
  for (const key of ['statusCode', 'error', 'code', 'message']) if (!(key in b)) problems.push(`missing ${key}`);
  if (b.statusCode !== status) problems.push(`statusCode ${JSON.stringify(b.statusCode)} is not the HTTP status ${status}`);
  if (typeof b.error !== 'string' || !b.error) problems.push('error is not a non-empty string');
  if (typeof b.message !== 'string' || !b.message) problems.push('message is not a non-empty string');
  if (typeof b.code !== 'string' || !Object.hasOwn(documentedStatus, b.code)) problems.push(`code ${JSON.stringify(b.code)} is not a documented code`);
  else if (documentedStatus[b.code] !== status) problems.push(`code ${b.code} is documented with status ${documentedStatus[b.code]}, answered with ${status}`);
  if ('issues' in b) {
    const issues = b.issues;
    const wellFormed =
      Array.isArray(issues) &&
      issues.every(
        (issue) =>
          issue && typeof issue === 'object' && typeof issue.path === 'string' && typeof issue.message === 'string' && Object.keys(issue).every((k) => k === 'path' || k === 'message'),
      );
    if (!wellFormed) problems.push('issues is not an array of {path, message}');
  }
  // A truthful code: the upload codes only where an upload is refused for that reason.
  const { route } = answer.request;
  if (b.code === 'UNSUPPORTED_FILE_TYPE' && route.kind !== 'upload') problems.push('UNSUPPORTED_FILE_TYPE (an upload code) answered to a request that uploads nothing');
  if (status === 413) {
    const tooBig =
      route.kind === 'upload' ? (answer.request.largestFileBytes ?? 0) > UPLOAD_LIMIT : payloadBytes(answer.request.payload) > JSON_BODY_LIMIT;
    if (!tooBig) {
      problems.push(
        route.kind === 'upload'
          ? `413 although no file part is over the limit (largest file part ${answer.request.largestFileBytes ?? 0} bytes, limit ${UPLOAD_LIMIT})`
          : `413 for a ${payloadBytes(answer.request.payload)}-byte body, under the ${JSON_BODY_LIMIT}-byte limit`,
      );
    }
  }
  return problems;
}

/**
 * A request whose shape is wrong (a body that is not a JSON object, a query parameter with more than
 * one value) must be answered 400 VALIDATION_FAILED with exactly these issues, whoever sends it: its
 * form is refused before its caller is looked at.
 */
export function misshapenRefusalProblem(answer: Answer, expected: { path: string; message: string }[]): string | undefined {
  const response = answer.response;
  if (!response) return answer.problem ?? 'no response';
  let body: { code?: unknown; issues?: { path: string; message: string }[] } = {};
  try {
    body = JSON.parse(response.body) as typeof body;
  } catch {
    // Judged below by its status and code.
  }
  const issues = [...(body.issues ?? [])].sort((a, b) => a.path.localeCompare(b.path));
  const wanted = [...expected].sort((a, b) => a.path.localeCompare(b.path));
  if (response.statusCode === 400 && body.code === 'VALIDATION_FAILED' && JSON.stringify(issues) === JSON.stringify(wanted)) return undefined;
  return `not refused with 400 VALIDATION_FAILED and the issues ${JSON.stringify(wanted)}`;
}

/**
 * Cells of every table (the audit trail and sessions aside) that hold a character stored text must
 * refuse, as `table#rowid.column` (on PostgreSQL `table#primary key.column`): the scanner returned
 * searches them between requests. SQLite: a function registered on the writer does the search, on
 * that connection (its catalog, rowid and functions). PostgreSQL: a regular expression over the text
 * columns its catalog names, the cells it finds checked again here with FORBIDDEN_IN_TEXT itself.
 */
export function forbiddenTextScanner(app: FastifyInstance): () => Promise<Map<string, string>> {
  return engineNameOf(app.deps.db) === 'sqlite' ? sqliteForbiddenTextScanner(app) : postgresForbiddenTextScanner(app);
}

const SCANNED = (name: string) => name !== 'audit_events' && name !== 'sessions';

function sqliteForbiddenTextScanner(app: FastifyInstance): () => Promise<Map<string, string>> {
  const sql = sqliteEngineOf(app.deps.db).writer;
  sql.function('hostile_forbidden_text', { deterministic: true }, (value: unknown) => (typeof value === 'string' && FORBIDDEN_IN_TEXT.test(value) ? 1 : 0));
  // Ordinary tables only: a full-text index's virtual table and its shadow tables hold no stored text of their own.
  const tables = (sql.prepare("select name from pragma_table_list where schema = 'main' and type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%'").all() as { name: string }[])
    .map(({ name }) => name)
    .filter(SCANNED);
  const queries = tables.map((table) => {
    const columns = (sql.prepare('select name from pragma_table_info(?)').all(table) as { name: string }[]).map(({ name }) => name);
    const where = columns.map((column) => `hostile_forbidden_text("${column}")`).join(' or ');
    return { table, columns, statement: sql.prepare(`select rowid as hostile_rowid, * from "${table}" where ${where}`) };
  });
  return async () => {
    const found = new Map<string, string>();
    for (const { table, columns, statement } of queries) collectForbidden(found, table, columns, statement.all() as Record<string, unknown>[]);
    return found;
  };
}

/** FORBIDDEN_IN_TEXT in PostgreSQL's regular expressions (text there cannot hold U+0000 at all). */
const POSTGRES_FORBIDDEN = '[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f-\\x9f\\u202a-\\u202e\\u2066-\\u2069]';

function postgresForbiddenTextScanner(app: FastifyInstance): () => Promise<Map<string, string>> {
  const db = app.deps.db;
  let queries: Promise<{ table: string; columns: string[]; text: string }[]> | undefined;
  const prepare = async () => {
    const columns = await rawRows<{ table: string; column: string }>(
      db,
      `select c.table_name as "table", c.column_name as "column" from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
       where c.table_schema = current_schema() and t.table_type = 'BASE TABLE' and c.data_type = 'text' and c.table_name not like '\\_\\_drizzle%'
       order by c.table_name, c.ordinal_position`,
    );
    const keys = await rawRows<{ table: string; column: string }>(
      db,
      `select tc.table_name as "table", k.column_name as "column" from information_schema.table_constraints tc
       join information_schema.key_column_usage k on k.constraint_name = tc.constraint_name and k.table_schema = tc.table_schema
       where tc.table_schema = current_schema() and tc.constraint_type = 'PRIMARY KEY' order by k.ordinal_position`,
    );
    const byTable = new Map<string, string[]>();
    for (const { table, column } of columns) if (SCANNED(table)) byTable.set(table, [...(byTable.get(table) ?? []), column]);
    return [...byTable].map(([table, textColumns]) => {
      const key = keys.filter((k) => k.table === table).map((k) => `"${k.column}"::text`);
      const rowKey = key.length ? key.join(` || ',' || `) : 'ctid::text';
      const where = textColumns.map((column) => `"${column}" ~ '${POSTGRES_FORBIDDEN}'`).join(' or ');
      return { table, columns: textColumns, text: `select ${rowKey} as hostile_rowid, * from "${table}" where ${where}` };
    });
  };
  return async () => {
    queries ??= prepare();
    const found = new Map<string, string>();
    for (const { table, columns, text } of await queries) collectForbidden(found, table, columns, await rawRows<Record<string, unknown>>(db, text));
    return found;
  };
}

function collectForbidden(found: Map<string, string>, table: string, columns: string[], rows: Record<string, unknown>[]): void {
  for (const row of rows) {
    for (const column of columns) {
      const value = row[column];
      if (typeof value === 'string' && FORBIDDEN_IN_TEXT.test(value)) found.set(`${table}#${String(row.hostile_rowid)}.${column}`, value);
    }
  }
}

export function newForbiddenCells(before: Map<string, string>, after: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [cell, value] of after) {
    if (before.get(cell) !== value) out.push(`${cell} = ${JSON.stringify(shorten(visible(value), 120))}`);
  }
  return out;
}
