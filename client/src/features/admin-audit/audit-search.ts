// The audit page keeps its filter and page in the address, so a reload, a bookmark or the back
// button shows the same events. The address is read through the shared schema: a hand-edited value
// the server would refuse is dropped rather than turned into an error page.
import { auditEventsInput, type AuditEventsInput, type AuditFilter } from '../../../../shared/admin';

export const AUDIT_PATH = '/admin/audit';

const KEYS = ['from', 'to', 'idUser', 'idPatient', 'patient', 'action', 'outcome', 'page'] as const;

/** The filter and page an address asks for; page 1 when it names none. */
export function readAuditSearch(search: string): AuditEventsInput & { page: number } {
  const params = new URLSearchParams(search);
  const raw: Record<string, string> = {};
  for (const key of KEYS) {
    const value = params.get(key);
    if (value !== null && value !== '') raw[key] = value;
  }
  let parsed = auditEventsInput.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) delete raw[String(issue.path[0])];
    parsed = auditEventsInput.safeParse(raw);
  }
  const input = parsed.success ? parsed.data : {};
  return { ...input, page: input.page ?? 1 };
}

/** The query string of a filter (and a page after the first): blanks left out. */
export function auditSearchOf(filter: AuditFilter, page = 1): string {
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const value = key === 'page' ? (page > 1 ? page : undefined) : filter[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

/** The filter alone, without the page: what the CSV export takes. */
export function filterOf({ page: _page, ...filter }: AuditEventsInput): AuditFilter {
  return filter;
}
