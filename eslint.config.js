// Flat config: typescript-eslint's recommended rules for all code, the hooks rules for React, and
// the rules that keep server code out of the client and each client feature out of the others.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Relative paths up into the repository's server/ folder (not packages such as @trpc/server).
const upToServer = String.raw`^(\.\./)+server`;
const serverImportMessage =
  'The client must not import from server/: take an API shape from client/src/lib/api-types.ts (derived from the router) and shared code or types from shared/.';
const anyServerImport = { regex: `${upToServer}(/|$)`, message: serverImportMessage };
const serverImportButRouter = { regex: `${upToServer}(?!/trpc/router$)(/|$)`, message: serverImportMessage };
const routerTypeImport = {
  regex: `${upToServer}/trpc/router$`,
  allowTypeImports: true,
  message: 'Only the router\'s type may come from server/: `import type { AppRouter }`.',
};

// A feature (client/src/features/<name>/) is one area of the product; what two features share lives in
// client/src/lib or client/src/components, and a page composes features. A feature reaching into
// another couples them both ways and pulls the other's chunk into its own.
const otherFeatureMessage =
  'A feature must not import another feature: move what both need to client/src/lib or client/src/components, or compose the two in a page (client/src/pages).';
const otherFeatureImport = [
  { regex: String.raw`^\.\./[^./]`, message: otherFeatureMessage },
  { regex: String.raw`(^|/)features/`, message: otherFeatureMessage },
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'drizzle/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // The client never imports server code: it runs in the browser and would drag the server along,
  // and an API shape read from a service instead of the router can drift from what is sent.
  {
    files: ['client/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [anyServerImport] }] },
  },
  {
    files: ['client/src/features/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [anyServerImport, ...otherFeatureImport] }] },
  },
  // The two files that read the router's type, and nothing else from server/.
  {
    files: ['client/src/lib/trpc.ts', 'client/src/lib/api-types.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [serverImportButRouter, routerTypeImport] }],
    },
  },
);
