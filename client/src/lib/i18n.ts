// Each language's translations are one chunk of their own. The app loads the visitor's language
// before its first paint (main.tsx), so no text ever shows as a raw key and the other language is
// downloaded only when chosen; i18next waits for it before switching, so there is no flash then
// either.
import i18next, { type BackendModule, type i18n as I18n, type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../shared/constants';
import { NAMESPACES } from './locale-namespaces';

export const LANGUAGE_STORAGE_KEY = 'expediente.lang';


const localeFiles = import.meta.glob<ResourceLanguage>('../../../shared/locales/*/*.json', { import: 'default' });
const localeFile = (language: string, namespace: string) => `../../../shared/locales/${language}/${namespace}.json`;

// Component tests render synchronously and switch languages at will, so under vitest every
// translation is at hand from the start. The condition is a constant in a build, where these
// imports are dropped.
const testResources: Resource | undefined =
  import.meta.env.MODE === 'test'
    ? groupByLanguage(import.meta.glob<ResourceLanguage>('../../../shared/locales/*/*.json', { import: 'default', eager: true }))
    : undefined;

function groupByLanguage(files: Record<string, ResourceLanguage>): Resource {
  const resources: Resource = {};
  for (const [path, bundle] of Object.entries(files)) {
    const [, language, namespace] = /\/(\w+)\/(\w+)\.json$/.exec(path) ?? [];
    if (language && namespace) (resources[language] ??= {})[namespace] = bundle;
  }
  return resources;
}

/**
 * These namespaces of one language (by default all), fetched as the chunks that hold them. Those left
 * out are loaded by the backend below as soon as i18next starts, and a page that needs one before it
 * arrives waits in its Suspense boundary.
 */
export async function loadLanguage(language: Language, namespaces: readonly string[] = NAMESPACES): Promise<ResourceLanguage> {
  const bundles = await Promise.all(
    namespaces.map(async (namespace) => [namespace, await localeFiles[localeFile(language, namespace)]!()] as const),
  );
  return Object.fromEntries(bundles);
}

const isLanguage = (code: string | null | undefined): code is Language =>
  (LANGUAGES as readonly (string | null | undefined)[]).includes(code);

/** The stored choice, else the first of the browser's languages we speak, else Spanish. */
export function detectLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  if (isLanguage(stored)) return stored;
  const spoken = [...(navigator.languages ?? []), navigator.language].map((code) => code?.split('-')[0]?.toLowerCase());
  return spoken.find(isLanguage) ?? DEFAULT_LANGUAGE;
}

// Loads a language the first time it is switched to.
const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = localeFiles[localeFile(language, namespace)];
    if (!load) return callback(new Error(`no translations for ${language}/${namespace}`), false);
    load().then(
      (bundle) => callback(null, bundle),
      (error: Error) => callback(error, false),
    );
  },
};

/**
 * A fresh instance: the app makes one at start with its language already loaded, each component
 * test its own (with every language, see above).
 */
export function createI18n(initial?: { language: Language; resources: ResourceLanguage }): I18n {
  const language = initial?.language ?? detectLanguage();
  const instance = i18next.createInstance();
  // Screen readers and the browser's spell-checker follow <html lang>, so keep it in step; the
  // choice is remembered for the next visit.
  instance.on('languageChanged', () => {
    const active = instance.resolvedLanguage ?? DEFAULT_LANGUAGE;
    document.documentElement.lang = active;
    localStorage.setItem(LANGUAGE_STORAGE_KEY, active);
  });
  void instance
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: language,
      resources: initial ? { [initial.language]: initial.resources } : testResources,
      // Languages missing from `resources` come from the backend.
      partialBundledLanguages: true,
      ns: NAMESPACES,
      defaultNS: 'common',
      // Both languages have the same keys (shared/locales/locales.test.ts), so there is nothing to
      // fall back to, and a fallback would be downloaded along with every language.
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      load: 'languageOnly',
      // React already escapes what it renders.
      interpolation: { escapeValue: false },
    });
  return instance;
}
