// The language the binary and the scripts speak to the practice in (the browser has its own
// switch): EXPEDIENTE_LANGUAGE (`es` or `en`) when set, else the locale of the shell or the service
// (LC_ALL, then LC_MESSAGES, then LANG, as POSIX orders them): English where that says English,
// Spanish otherwise, since the product is Spanish first and a service's locale is often just "C".
export type PracticeLanguage = 'es' | 'en';

export function practiceLanguage(env: NodeJS.ProcessEnv = process.env): PracticeLanguage {
  const chosen = env.EXPEDIENTE_LANGUAGE?.trim().toLowerCase();
  if (chosen === 'es' || chosen === 'en') return chosen;
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return /^en([_.@-]|$)/i.test(locale) ? 'en' : 'es';
}
