import type { TFunction } from 'i18next';
import type { Lab } from '../../../shared/record';

/**
 * What a lab is called wherever it is listed (record, its modal, the patient's dashboard): its test
 * name, else "Lab result" with its date. Never a row id: ids mean nothing to a reader and one lab's
 * id would read like a count. `date` is the lab's date already formatted in the interface language.
 */
export function labLabel(t: TFunction, lab: Pick<Lab, 'testName'>, date: string): string {
  return lab.testName || t('record:labs.unnamed', { date });
}
