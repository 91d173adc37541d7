// Translations are bundled (a few small JSON files per language) so the first paint is already in
// the right language, with no request and no flash of untranslated keys.
import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../../shared/constants';
import esCommon from '../../../shared/locales/es/common.json';
import esAuth from '../../../shared/locales/es/auth.json';
import esValidation from '../../../shared/locales/es/validation.json';
import esErrors from '../../../shared/locales/es/errors.json';
import esPatients from '../../../shared/locales/es/patients.json';
import esRecord from '../../../shared/locales/es/record.json';
import esDashboard from '../../../shared/locales/es/dashboard.json';
import esAccount from '../../../shared/locales/es/account.json';
import esAdmin from '../../../shared/locales/es/admin.json';
import enCommon from '../../../shared/locales/en/common.json';
import enAuth from '../../../shared/locales/en/auth.json';
import enValidation from '../../../shared/locales/en/validation.json';
import enErrors from '../../../shared/locales/en/errors.json';
import enPatients from '../../../shared/locales/en/patients.json';
import enRecord from '../../../shared/locales/en/record.json';
import enDashboard from '../../../shared/locales/en/dashboard.json';
import enAccount from '../../../shared/locales/en/account.json';
import enAdmin from '../../../shared/locales/en/admin.json';

export const LANGUAGE_STORAGE_KEY = 'expediente.lang';

export const resources = {
  es: {
    common: esCommon,
    auth: esAuth,
    validation: esValidation,
    errors: esErrors,
    patients: esPatients,
    record: esRecord,
    dashboard: esDashboard,
    account: esAccount,
    admin: esAdmin,
  },
  en: {
    common: enCommon,
    auth: enAuth,
    validation: enValidation,
    errors: enErrors,
    patients: enPatients,
    record: enRecord,
    dashboard: enDashboard,
    account: enAccount,
    admin: enAdmin,
  },
} as const;

/** A fresh instance: the app makes one at start, each component test its own. */
export function createI18n(): I18n {
  const instance = i18next.createInstance();
  // Screen readers and the browser's spell-checker follow <html lang>, so keep it in step.
  instance.on('languageChanged', () => {
    document.documentElement.lang = instance.resolvedLanguage ?? DEFAULT_LANGUAGE;
  });
  void instance
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources,
      ns: ['common', 'auth', 'validation', 'errors', 'patients', 'record', 'dashboard', 'account', 'admin'],
      defaultNS: 'common',
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      load: 'languageOnly',
      detection: {
        order: ['localStorage', 'navigator'],
        lookupLocalStorage: LANGUAGE_STORAGE_KEY,
        caches: ['localStorage'],
      },
      // React already escapes what it renders.
      interpolation: { escapeValue: false },
    });
  return instance;
}
