// The second line of a failure toast: the server's reason translated by its code, or that the
// server could not be reached when no answer came (SPEC §8 "the server's message if present").
import type { TFunction } from 'i18next';
import { readApiError } from '../../lib/api-error';

export function errorDetail(t: TFunction, error: unknown): string {
  const { appCode } = readApiError(error);
  return appCode ? t(`errors:${appCode}`) : t('dashboard:errors.network');
}
