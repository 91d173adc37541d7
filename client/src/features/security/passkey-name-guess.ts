// A first name for a new passkey, so the list tells them apart without the user thinking of one:
// the browser and the system it runs on ("Firefox on Windows"), read from the user agent. Only a
// suggestion in the name field; null when neither can be told.

const BROWSERS: [RegExp, string][] = [
  // Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  // iPadOS and Android also carry words of other systems (Mac OS X, Linux): they come first.
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

const firstMatch = (list: [RegExp, string][], userAgent: string) => list.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;

export function guessPasskeyPlace(userAgent: string): { browser: string | null; system: string | null } {
  return { browser: firstMatch(BROWSERS, userAgent), system: firstMatch(SYSTEMS, userAgent) };
}
