// GET /api/admin/audit.csv: the audit trail under the review's filter, as a CSV download. Not a
// procedure, because tRPC answers JSON and this answer is a stream; it is a Fastify route of its
// own, with the same context and errors, as the document downloads are (documents.ts). The audit
// review service admits the caller, audits the export and reads the rows; this only speaks HTTP.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { auditFilterInput } from '../../shared/admin';
import { localDay } from '../../shared/dates';
import { auditCsvStream } from '../audit/audit-csv';
import { admitAdministrator, startAuditExport } from '../services/audit-review';
import { misshapenInputError, queryValueIssues } from '../input-shape';
import type { Context } from '../trpc/context';
import type { ContextFromRequest } from '../trpc/request-context';
import { attachmentDisposition } from './content-disposition';

export const AUDIT_EXPORT_PATH = '/api/admin/audit.csv';

async function exportAudit(ctx: Context, request: FastifyRequest, reply: FastifyReply) {
  const { db, now } = ctx.deps;
  // A query that cannot be read as one filter (`?idUser=1&idUser=2`, `?idUser[]=1`) is the request's
  // form, refused first as GET /admin/audit refuses it (input-shape.ts); the filter's values wait.
  const misshapen = misshapenInputError(queryValueIssues(request.query as Record<string, unknown>));
  if (misshapen) throw misshapen;
  // Who asks comes before what they ask for: a stranger learns nothing about the filter from a 400.
  const caller = await admitAdministrator({ db, actor: ctx.actor, ip: ctx.meta.ip, now: now() }, 'audit.export');
  const filter = auditFilterInput.parse(request.query);
  const { nextBatch } = await startAuditExport(caller, filter);
  return (
    reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', attachmentDisposition(`auditoria-${localDay(caller.now)}.csv`))
      // Who read which record: no cache along the way keeps a copy.
      .header('Cache-Control', 'no-store')
      .send(auditCsvStream(nextBatch))
  );
}

export function registerAuditExport(app: FastifyInstance, contextFromRequest: ContextFromRequest): void {
  app.get(AUDIT_EXPORT_PATH, async (request, reply) => exportAudit(await contextFromRequest(request), request, reply));
}
