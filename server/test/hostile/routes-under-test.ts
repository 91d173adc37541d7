// The routes under attack: every row of restRoutes (imported, never copied) plus the three document
// routes and the audit trail's CSV, and who may rightfully call each.
import { auditFilterInput } from '../../../shared/admin';
import { restRoutes, type HttpMethod } from '../../rest/routes';
import type { CallerName } from './fixture';

/** json: a row of restRoutes; upload and download: documents; export: a file made from a query (the audit CSV). */
export type RouteKind = 'json' | 'upload' | 'download' | 'export';

export interface RouteUnderTest {
  method: HttpMethod;
  /** Under /api, in Fastify's syntax. */
  path: string;
  kind: RouteKind;
  /** tRPC procedure for JSON routes. */
  procedure?: string;
  params: string[];
  label: string;
  /** Whether the body reaches the procedure (a row whose input is built from the path alone ignores it). */
  readsBody: boolean;
  /** The query parameters the route reads, each as one value. */
  queryKeys: string[];
}

/** Asks a row's input builder whether a body field gets through to the procedure. */
const bodyReachesProcedure = (route: (typeof restRoutes)[number]) => {
  if (!route.input) return route.method !== 'GET';
  const input = route.input({ params: {}, query: {}, body: { hostileProbe: 1 } });
  return Boolean(input && typeof input === 'object' && 'hostileProbe' in input);
};

/** Asks a row's input builder which query parameters it reads. */
const queryKeysOf = (route: (typeof restRoutes)[number]): string[] => {
  const read = new Set<string>();
  const query = new Proxy({} as Record<string, string | undefined>, {
    get: (_target, key) => {
      if (typeof key === 'string') read.add(key);
      return undefined;
    },
  });
  route.input?.({ params: {}, query, body: {} });
  return [...read];
};

const paramsOf = (path: string): string[] => [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);

export const routesUnderTest: RouteUnderTest[] = [
  ...restRoutes.map((route) => ({
    method: route.method,
    path: route.path,
    kind: 'json' as const,
    procedure: route.procedure,
    params: paramsOf(route.path),
    label: `${route.method} /api${route.path}`,
    readsBody: bodyReachesProcedure(route),
    queryKeys: queryKeysOf(route),
  })),
  {
    method: 'POST',
    path: '/medics/patients/:idPatient/files',
    kind: 'upload',
    params: ['idPatient'],
    label: 'POST /api/medics/patients/:idPatient/files (multipart)',
    readsBody: true,
    queryKeys: [],
  },
  { method: 'GET', path: '/medics/files/:code', kind: 'download', params: ['code'], label: 'GET /api/medics/files/:code', readsBody: false, queryKeys: [] },
  { method: 'GET', path: '/patients/me/files/:code', kind: 'download', params: ['code'], label: 'GET /api/patients/me/files/:code', readsBody: false, queryKeys: [] },
  {
    method: 'GET',
    path: '/admin/audit.csv',
    kind: 'export',
    params: [],
    label: 'GET /api/admin/audit.csv',
    readsBody: false,
    queryKeys: Object.keys(auditFilterInput.shape),
  },
];

/** Who may use a route (API.md "Routes"), judged from its path: hostile input from them reaches the most code. */
export function rightfulCallerOf(route: RouteUnderTest): CallerName {
  if (route.path.startsWith('/admin/')) return 'admin';
  if (route.path.startsWith('/patients/me')) return 'patientA';
  return 'medicA';
}
