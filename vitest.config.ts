// Four projects, one runner: server and shared code in Node (and the integration suite once more on
// PostgreSQL), React components in jsdom, browser journeys in e2e/ driving Debian's Chromium against the real built app.
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** The integration suite that runs on both engines: REST, tRPC and the hostile suite. */
const POSTGRES_SUITE = ['server/rest/**/*.test.ts', 'server/trpc/**/*.test.ts', 'server/test/hostile/**/*.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'scripts/**/*.test.ts'],
          testTimeout: 20_000,
          // The commands speak the practice's language (server/practice-messages), Spanish unless the
          // locale says English: the tests read them in English, but those that show both languages,
          // which set it themselves.
          env: { EXPEDIENTE_LANGUAGE: 'en' },
        },
      },
      {
        // The integration suite again, on PostgreSQL (the clinic network's engine): every test gets a
        // database of its own, copied from one migrated at the start (server/test/postgres-template.ts).
        test: {
          name: 'server-postgres',
          environment: 'node',
          include: POSTGRES_SUITE,
          globalSetup: ['server/test/postgres-template.ts'],
          testTimeout: 20_000,
          env: { EXPEDIENTE_LANGUAGE: 'en', EXPEDIENTE_TEST_ENGINE: 'postgres' },
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['client/**/*.test.{ts,tsx}'],
          setupFiles: ['client/src/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          // One browser and one server at a time: the machine has two cores.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page waited on with expect.poll may take more than vitest's default second on a busy
          // two-core machine (a CI run beside other work); a real failure still fails, only later.
          expect: { poll: { timeout: 20_000 } },
        },
      },
    ],
  },
});
