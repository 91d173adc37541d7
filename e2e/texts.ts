// The interface's own words, read from the locale files the client bundles, so the journeys find
// controls by the accessible names a user hears rather than by CSS classes.
import esAccount from '../shared/locales/es/account.json';
import esAdmin from '../shared/locales/es/admin.json';
import esAuth from '../shared/locales/es/auth.json';
import esCommon from '../shared/locales/es/common.json';
import esErrors from '../shared/locales/es/errors.json';
import esReceta from '../shared/locales/es/receta.json';
import esValidation from '../shared/locales/es/validation.json';
import enAccount from '../shared/locales/en/account.json';
import enAdmin from '../shared/locales/en/admin.json';
import enAuth from '../shared/locales/en/auth.json';
import enCommon from '../shared/locales/en/common.json';
import enErrors from '../shared/locales/en/errors.json';
import enReceta from '../shared/locales/en/receta.json';
import enValidation from '../shared/locales/en/validation.json';
import type { Locale } from './harness';

export const texts = {
  'es-ES': { auth: esAuth, common: esCommon, errors: esErrors, account: esAccount, admin: esAdmin, validation: esValidation, receta: esReceta },
  'en-US': { auth: enAuth, common: enCommon, errors: enErrors, account: enAccount, admin: enAdmin, validation: enValidation, receta: enReceta },
} as const;

export type Texts = (typeof texts)[Locale];

/** i18next-style interpolation of `{{name}}` placeholders. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => values[key] ?? '');
}
