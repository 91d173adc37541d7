// Requests every run sends before the random ones (fast-check `examples`): the defects a security
// review reproduced by hand, and the classic hostile inputs, sent by the caller who reaches the most code.
// Random generation explores around them; these make sure a regression of a known defect is never
// left to chance at the small run count of `npm test`.
import { TEST_PASSWORD } from '../helpers';
import { samplePdf, samplePng } from '../sample-files';
import { localMoment, recordSamples, type CallerName, type Fixture } from './fixture';
import { withDescription, type HostileRequest } from './hostile-request';
import { objectText } from './json-bodies';
import { BOUNDARY, multipartBody, type Part } from './multipart-bodies';
import { idFieldsOf, textFieldsOf } from './route-fields';
import { idsOfBFor, rightfulIdFor } from './route-ids';
import { rightfulCallerOf, type RouteUnderTest } from './routes-under-test';

const idParamsOf = (route: RouteUnderTest) => route.params.filter((param) => param !== 'code');

function rightfulParams(route: RouteUnderTest, fx: Fixture): Record<string, string> {
  const params: Record<string, string> = {};
  for (const param of route.params) {
    params[param] = param === 'code' ? (route.path.startsWith('/patients/me') ? fx.ids.codes.A[0] : fx.ids.codes.A[1]) ?? 'none' : String(rightfulIdFor(route, param, fx));
  }
  return params;
}

const request = (route: RouteUnderTest, fields: Omit<HostileRequest, 'route'>) => withDescription({ route, ...fields });

/** Ids written as a review found them accepted: hexadecimal, exponent, `true` and `[1]`, in the path and in the body. */
export function nonDecimalIdCases(route: RouteUnderTest, fx: Fixture): HostileRequest[] {
  const caller = rightfulCallerOf(route);
  const out: HostileRequest[] = [];
  for (const param of idParamsOf(route)) {
    const id = rightfulIdFor(route, param, fx);
    for (const odd of [`0x${id.toString(16)}`, `${id}e0`, 'true', '%5B1%5D']) {
      out.push(request(route, { caller, params: { ...rightfulParams(route, fx), [param]: odd } }));
    }
  }
  for (const field of idFieldsOf(route)) {
    const id = field === 'idUser' ? fx.ids.users.patientA : field === 'idPatient' ? fx.ids.patients.A : 1;
    const base = field === 'idUser' ? { email: fx.ids.emails.patientA } : (validBodyFor(route, fx) ?? {});
    for (const odd of [`0x${id.toString(16)}`, `${id}e0`, true, [id]]) {
      out.push(request(route, { caller, params: rightfulParams(route, fx), contentType: 'application/json', payload: objectText(Object.entries({ ...base, [field]: odd })) }));
    }
  }
  return out;
}

/** Multipart bodies a review found mishandled: no boundary (500), an empty file (no answer), two files and too many fields (413). */
function uploadCases(route: RouteUnderTest, fx: Fixture): HostileRequest[] {
  const params = rightfulParams(route, fx);
  const file = (content: Buffer, filename = 'scan.png'): Part => ({ name: 'file', filename, contentType: 'application/octet-stream', content });
  const comment = (value = 'Control anual'): Part => ({ name: 'comment', content: Buffer.from(value) });
  const upload = (parts: Part[], contentType = `multipart/form-data; boundary=${BOUNDARY}`, payload?: Buffer) => {
    const body = payload ?? multipartBody(parts, BOUNDARY);
    const largestFileBytes = Math.max(0, ...parts.filter((part) => part.filename !== undefined).map((part) => part.content.length));
    return request(route, { caller: 'medicA', params, contentType, payload: body, largestFileBytes });
  };
  const valid = [comment(), file(samplePng)];
  return [
    upload(valid, 'multipart/form-data'),
    upload(valid, 'multipart/form-data; boundary='),
    upload([comment(), file(Buffer.alloc(0), 'empty.pdf')]),
    upload([file(Buffer.alloc(0), 'empty.pdf')]),
    upload([file(samplePng), file(samplePdf, 'informe.pdf')]),
    upload([...Array.from({ length: 7 }, (_, i) => comment(`nota ${i}`)), file(samplePng)]),
    upload([comment('x'.repeat(20_000)), file(samplePng)]),
    upload(valid, undefined, multipartBody(valid, BOUNDARY).subarray(0, 120)),
    upload([], undefined, Buffer.alloc(0)),
    upload(valid, 'text/plain'),
    upload(valid, 'application/json'),
  ];
}

/** A JSON body sent as text/plain: a review found it answered 415 UNSUPPORTED_FILE_TYPE, an upload's code. */
function contentTypeCases(route: RouteUnderTest, fx: Fixture): HostileRequest[] {
  if (route.kind !== 'json' || route.method === 'GET' || route.method === 'DELETE') return [];
  const caller = rightfulCallerOf(route);
  return ['text/plain', 'application/xml'].map((contentType) => request(route, { caller, params: rightfulParams(route, fx), contentType, payload: '{}' }));
}

/** API.md's payload for an existing patient, sent for patient B by medics who are not B's. */
function overwriteCases(route: RouteUnderTest, fx: Fixture): HostileRequest[] {
  if (route.method !== 'POST' || route.path !== '/patients') return [];
  const payload = {
    idUser: fx.ids.users.patientB,
    email: fx.ids.emails.patientB,
    phone: '555 9999',
    extraPhone: '555 8888',
    address: 'Calle Falsa 123',
    addressSpecific: 'Piso 2',
    bloodGroup: 'AB',
    bloodRh: '-',
    weight: 99,
    height: 150,
    civilStatus: 'Casada',
    policy: 'P-999',
    origin: 'x',
    originSent: 'x',
    originPlace: 'x',
    insuranceComment: 'x',
  };
  return (['strangerMedic', 'medicA', 'admin'] as CallerName[]).flatMap((caller) => [
    request(route, { caller, params: {}, contentType: 'application/json', payload: JSON.stringify(payload) }),
    request(route, { caller, params: {}, contentType: 'application/json', payload: JSON.stringify({ ...payload, idUser: String(payload.idUser), email: payload.email.toUpperCase() }) }),
  ]);
}

/** Documents of B's asked for by everyone but B, and codes that are nearly right. */
function downloadCases(route: RouteUnderTest, fx: Fixture): HostileRequest[] {
  if (route.kind !== 'download') return [];
  const codeB = fx.ids.codes.B[0] ?? 'none';
  return [
    ...(['medicA', 'patientA', 'strangerMedic', 'admin'] as CallerName[]).map((caller) => request(route, { caller, params: { code: codeB } })),
    request(route, { caller: rightfulCallerOf(route), params: { code: `${codeB}%00` } }),
    request(route, { caller: rightfulCallerOf(route), params: { code: `..%2F${codeB}` } }),
  ];
}

/**
 * Patient B's rows named from a path that the caller may use: A's patient id with B's item, B's
 * patient id, B's id in a body. Every one must answer 404 and leave B's record as it was.
 */
function crossPatientCases(route: RouteUnderTest, fx: Fixture): HostileRequest[] {
  if (route.kind !== 'json') return [];
  const collection = route.path.match(/^\/patients\/:idPatient\/([a-z-]+)/)?.[1];
  const change: Record<string, unknown> | undefined =
    route.method === 'DELETE'
      ? undefined
      : route.path.startsWith('/clinical-history')
        ? { motive: 'Cambiado por otro', notes: 'x' }
        : collection
          ? route.method === 'PATCH'
            ? recordSamples[collection]?.edit
            : recordSamples[collection]?.add
          : route.path === '/patients/:idPatient'
            ? { phone: '555 9999', civilStatus: 'Casada', insurance: null, lifestyle: null }
            : undefined;
  const payload = change && route.method !== 'GET' ? { contentType: 'application/json', payload: JSON.stringify(change) } : {};
  const out: HostileRequest[] = [];
  const params = rightfulParams(route, fx);
  for (const param of idParamsOf(route)) {
    for (const idOfB of idsOfBFor(route, param, fx).slice(0, 1)) {
      for (const caller of ['medicA', 'strangerMedic', 'patientA'] as CallerName[]) {
        out.push(request(route, { caller, params: { ...params, [param]: String(idOfB) }, ...payload }));
      }
    }
  }
  if (route.readsBody && idFieldsOf(route).includes('idPatient')) {
    const base = validBodyFor(route, fx) ?? {};
    out.push(request(route, { caller: 'medicA', params, contentType: 'application/json', payload: JSON.stringify({ ...base, idPatient: fx.ids.patients.B }) }));
  }
  return out;
}

/** The known hostile requests for the never-500, error-body and other-patient properties. */
export function knownHostileRequests(route: RouteUnderTest, fx: Fixture): HostileRequest[] {
  return [
    ...nonDecimalIdCases(route, fx).slice(0, 4),
    ...nonDecimalIdCases(route, fx).filter((known) => known.payload !== undefined).slice(0, 2),
    ...contentTypeCases(route, fx),
    ...(route.kind === 'upload' ? uploadCases(route, fx) : []),
    ...overwriteCases(route, fx),
    ...crossPatientCases(route, fx),
    ...downloadCases(route, fx),
  ];
}

// --- stored text ----------------------------------------------------------------------------

/** What a review found stored in names: NUL, ESC and a right-to-left override. */
const TAINTS = ['\u0000', '\u001b[31m', '\u202e'];

let accounts = 0;
const newEmail = () => `hostile.known.${Date.now()}.${(accounts += 1)}@example.test`;

/** A valid body for each write the tainted property reaches, so that only the text can be refused. */
function validBodyFor(route: RouteUnderTest, fx: Fixture): Record<string, unknown> | undefined {
  const collection = route.path.match(/^\/patients\/:idPatient\/([a-z-]+)$/)?.[1];
  if (collection && route.method === 'POST') return recordSamples[collection]?.add;
  if (route.method === 'PATCH') return {};
  switch (route.path) {
    case '/auth/register':
      return { name: 'Ana', lname: 'Ruiz', email: newEmail(), password: TEST_PASSWORD, type: 'patient' };
    case '/patients':
      return { name: 'Ana', lname: 'Ruiz', email: newEmail(), password: TEST_PASSWORD };
    case '/clinical-history':
      return { idPatient: fx.ids.patients.A, date: localMoment(), motive: 'Control' };
    case '/medics/emergency-access':
      return { patientEmail: fx.ids.emails.patientB, reason: 'Paciente inconsciente en urgencias' };
    default:
      return undefined;
  }
}

/** Free-text fields: where a name, a note or a reason is written. */
const isFreeText = (key: string) => !/email|password|date|^end$|^start$|^type$|status|severity|blood|weight|height|^closed$|^idContent$/i.test(key);

export function knownTaintedWrites(route: RouteUnderTest, fx: Fixture): HostileRequest[] {
  const params = rightfulParams(route, fx);
  if (route.kind === 'upload') {
    return TAINTS.flatMap((taint) => {
      const parts = (comment: string, filename: string): Part[] => [
        { name: 'comment', content: Buffer.from(comment) },
        { name: 'file', filename, content: samplePng },
      ];
      return [parts(`Control${taint}anual`, 'scan.png'), parts('Control anual', `scan${taint}.png`)].map((p) =>
        request(route, { caller: 'medicA', params, contentType: `multipart/form-data; boundary=${BOUNDARY}`, payload: multipartBody(p, BOUNDARY), largestFileBytes: samplePng.length }),
      );
    });
  }
  const base = validBodyFor(route, fx);
  if (!base) return [];
  const fields = textFieldsOf(route).filter(isFreeText).slice(0, 2);
  const caller: CallerName = route.path === '/medics/emergency-access' ? 'strangerMedic' : rightfulCallerOf(route);
  return fields.flatMap((field) =>
    TAINTS.map((taint) =>
      request(route, { caller, params, contentType: 'application/json', payload: objectText(Object.entries({ ...base, [field]: `Ana${taint}Ruiz` })) }),
    ),
  );
}
