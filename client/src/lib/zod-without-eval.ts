// zod compiles a faster parser for object schemas with `new Function` when it may, and probes for
// that the first time it builds one. Our Content-Security-Policy has no 'unsafe-eval', so the probe is
// refused and Chromium reports a violation even though zod then parses without it. Telling zod up
// front not to try (its `jitless` setting) keeps the page free of violations. It is set on zod's
// global configuration object, the one `z.config()` writes, so that the entry chunk need not import
// zod itself; the entry imports this module first, before any schema exists. The object is changed in
// place, not replaced, so the setting holds even if zod was loaded first; zod-without-eval.test.ts
// fails if zod ever stops reading that name.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;
