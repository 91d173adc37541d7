// The ids a route's path params may name: patient B's (what a request must never reach), any real
// one, and the one the rightful caller would use.
import type { Fixture } from './fixture';
import type { RouteUnderTest } from './routes-under-test';

/** Patient B's ids a param of this name may name: what a request must never reach. */
export function idsOfBFor(route: RouteUnderTest, param: string, fx: Fixture): number[] {
  const ids = fx.ids;
  const collection = route.path.match(/^\/patients\/:idPatient\/([a-z-]+)/)?.[1];
  switch (param) {
    case 'id':
    case 'idPatient':
    case 'patientId':
      return [ids.patients.B];
    case 'itemId':
      return (collection && ids.items[collection]?.B) || [];
    case 'fileId':
      return ids.files.B;
    case 'idHistory':
      return ids.histories.B;
    case 'idUser':
      return [ids.users.patientB];
    case 'idMedic':
    case 'doctorId':
      return [ids.medics.formerMedicB];
    default:
      return [];
  }
}

/** Real ids a param of this name may name, A's and B's, so that cross-patient ids are tried. */
export function realIdsFor(route: RouteUnderTest, param: string, fx: Fixture): number[] {
  const ids = fx.ids;
  const collection = route.path.match(/^\/patients\/:idPatient\/([a-z-]+)/)?.[1];
  switch (param) {
    case 'id':
    case 'idPatient':
    case 'patientId':
      return [ids.patients.A, ids.patients.B];
    case 'itemId':
      return collection && ids.items[collection] ? [...ids.items[collection].A, ...ids.items[collection].B] : [1];
    case 'fileId':
      return [...ids.files.A, ...ids.files.B];
    case 'idHistory':
      return [...ids.histories.A, ...ids.histories.B];
    case 'idMedic':
    case 'doctorId':
      return Object.values(ids.medics);
    case 'idUser':
      return Object.values(ids.users);
    case 'idRequest':
      return ids.linkRequests.length ? ids.linkRequests : [1];
    default:
      return [1];
  }
}

/** The id a rightful caller would use: A's own, or the request/medic the fixture prepared. */
export function rightfulIdFor(route: RouteUnderTest, param: string, fx: Fixture): number {
  const ids = fx.ids;
  const collection = route.path.match(/^\/patients\/:idPatient\/([a-z-]+)/)?.[1];
  switch (param) {
    case 'id':
    case 'idPatient':
    case 'patientId':
      return ids.patients.A;
    case 'itemId':
      return (collection && ids.items[collection]?.A[0]) || 1;
    case 'fileId':
      return ids.files.A[0] ?? 1;
    case 'idHistory':
      return ids.histories.A[0] ?? 1;
    case 'idMedic':
      return ids.medics.strangerMedic;
    case 'doctorId':
      return ids.medics.medicA;
    case 'idUser':
      return ids.users.patientA;
    case 'idRequest':
      return ids.linkRequests[0] ?? 1;
    default:
      return 1;
  }
}
