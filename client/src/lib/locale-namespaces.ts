// Which translation namespaces the first paint of a signed-out visitor needs, and which come after.
// The build puts each group of a language in a chunk of its own (vite.config.ts), so the sign-in page
// downloads only the first; the app's namespaces follow in the background (i18n.ts). Kept apart from
// i18n.ts so that the build configuration can import the lists without the app's code.

/** What the sign-in and registration pages show, and every page's shared words and messages. */
export const SIGN_IN_NAMESPACES = ['common', 'auth', 'validation', 'errors'] as const;

/** Everything a signed-in user's pages need besides. */
export const APP_NAMESPACES = [
  'patients', 'record', 'dashboard', 'account', 'admin', 'fhir', 'print', 'charts', 'agenda', 'prescriptions', 'receta', 'audit', 'security',
] as const;

export const NAMESPACES: readonly string[] = [...SIGN_IN_NAMESPACES, ...APP_NAMESPACES];

/** The build's chunk name of a translation file: `locale-es` for the sign-in page's, `locale-es-app` for the rest. */
export function localeChunkName(language: string, namespace: string): string {
  return (SIGN_IN_NAMESPACES as readonly string[]).includes(namespace) ? `locale-${language}` : `locale-${language}-app`;
}
