// Flat config: typescript-eslint's recommended rules for all code, the hooks rules for React, and
// the rule that keeps server code out of the client.
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
  // The two files that read the router's type, and nothing else from server/.
  {
    files: ['client/src/lib/trpc.ts', 'client/src/lib/api-types.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [serverImportButRouter, routerTypeImport] }],
    },
  },
);
