// Turns a failed call into text for the form: the translated error code when the server sent one,
// otherwise the form's own fallback sentence (SPEC §8).
import type { TFunction } from 'i18next';
import { readApiError } from './api-error';

export function translateApiError(t: TFunction, error: unknown, fallbackKey: string): string {
  const { appCode } = readApiError(error);
  return appCode ? t(`errors:${appCode}`) : t(fallbackKey);
}

/** Schema messages are keys like 'validation.emailInvalid'; anything else gets a generic text. */
export function translateValidation(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const match = /^validation\.([A-Za-z]+)$/.exec(message);
  return match ? t(`validation:${match[1]}`, { defaultValue: t('validation:invalid') }) : t('validation:invalid');
}
