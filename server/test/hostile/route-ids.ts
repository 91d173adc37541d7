// The ids a route's path params may name: patient B's (what a request must never reach), any real
// one, and the one the rightful caller would use.
import type { Fixture } from './fixture';
import type { RouteUnderTest } from './routes-under-test';

/** For one path param: the id a rightful caller would use, patient B's ids (what a request must never
 * reach), and the real ids, A's and B's, so that cross-patient ids are tried. */
interface ParamIds {
  rightful: number;
  ofB: number[];
  real: number[];
}

function idsFor(route: RouteUnderTest, param: string, fx: Fixture): ParamIds {
  const ids = fx.ids;
  const collection = route.path.match(/^\/patients\/:idPatient\/([a-z-]+)/)?.[1];
  const items = collection ? ids.items[collection] : undefined;
  switch (param) {
    case 'id':
    case 'idPatient':
    case 'patientId':
      return { rightful: ids.patients.A, ofB: [ids.patients.B], real: [ids.patients.A, ids.patients.B] };
    case 'itemId':
      return { rightful: items?.A[0] || 1, ofB: items?.B || [], real: items ? [...items.A, ...items.B] : [1] };
    case 'fileId':
      return { rightful: ids.files.A[0] ?? 1, ofB: ids.files.B, real: [...ids.files.A, ...ids.files.B] };
    case 'idHistory':
      return { rightful: ids.histories.A[0] ?? 1, ofB: ids.histories.B, real: [...ids.histories.A, ...ids.histories.B] };
    case 'idMedic':
      return { rightful: ids.medics.strangerMedic, ofB: [ids.medics.formerMedicB], real: Object.values(ids.medics) };
    case 'doctorId':
      return { rightful: ids.medics.medicA, ofB: [ids.medics.formerMedicB], real: Object.values(ids.medics) };
    case 'idUser':
      return { rightful: ids.users.patientA, ofB: [ids.users.patientB], real: Object.values(ids.users) };
    case 'idRequest':
      return { rightful: ids.linkRequests[0] ?? 1, ofB: [], real: ids.linkRequests.length ? ids.linkRequests : [1] };
    default:
      return { rightful: 1, ofB: [], real: [1] };
  }
}

/** Patient B's ids a param of this name may name: what a request must never reach. */
export const idsOfBFor = (route: RouteUnderTest, param: string, fx: Fixture): number[] => idsFor(route, param, fx).ofB;

/** Real ids a param of this name may name, A's and B's, so that cross-patient ids are tried. */
export const realIdsFor = (route: RouteUnderTest, param: string, fx: Fixture): number[] => idsFor(route, param, fx).real;

/** The id a rightful caller would use: A's own, or the request/medic the fixture prepared. */
export const rightfulIdFor = (route: RouteUnderTest, param: string, fx: Fixture): number => idsFor(route, param, fx).rightful;
