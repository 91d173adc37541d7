import type { TFunction } from 'i18next';
import type { Lab } from '../../../../shared/record';

/** A lab without a name reads as a numbered lab test: by its content id, else by its own id. */
export function labLabel(t: TFunction, lab: Lab): string {
  return lab.testName ?? t('record:labs.numbered', { number: lab.idContent ?? lab.idLabs });
}
