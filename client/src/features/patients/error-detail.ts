// The second line of a failure message: the server's answer translated by its code, or — when no
// answer came at all — that the server could not be reached (SPEC §8 "plus the server message").
import type { TFunction } from 'i18next';
import { readApiError } from '../../lib/api-error';

export function errorDetail(t: TFunction, error: unknown): string {
  const { appCode } = readApiError(error);
  return appCode ? t(`errors:${appCode}`) : t('patients:errors.network');
}
