// A file of browser journeys on the practice's own HTTPS (https-practice.ts): one server and one
// browser trusting its authority for the file, a fresh tab per test at https://localhost:<port>,
// and after each test a screenshot when it failed and a check that the console saw no
// Content-Security-Policy violation, as harness.ts's useJourney does over plain HTTP.
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { cspErrors, openTab as openBrowserTab, reportFailure, type Locale, type Tab } from './harness';
import { startHttpsApp, type HttpsPractice } from './https-practice';

export interface HttpsJourney {
  practice(): HttpsPractice;
  /** A new tab in `locale` on the practice's HTTPS origin, closed after the test. */
  openTab(locale: Locale): Promise<Tab>;
  /** A tab opened otherwise (signed in with harness.ts's openAppTab, say), to be closed after the test like the others. */
  adopt(tab: Tab): Tab;
}

export function useHttpsJourney(serverEnv: NodeJS.ProcessEnv = {}): HttpsJourney {
  let practice: HttpsPractice | undefined;
  const tabs: Tab[] = [];

  beforeAll(async () => {
    practice = await startHttpsApp(serverEnv);
  });

  afterAll(async () => {
    await practice?.close();
  });

  afterEach(async (context) => {
    const opened = tabs.splice(0);
    const violations: string[] = [];
    for (const tab of opened) {
      if (context.task.result?.state === 'fail') await reportFailure(tab, practice!.app, context.task.fullTestName);
      violations.push(...cspErrors(tab.errors));
      await tab.close();
    }
    expect(violations, 'Content-Security-Policy violations in the console').toEqual([]);
  });

  return {
    practice: () => practice!,
    async openTab(locale) {
      const tab = await openBrowserTab(practice!.browser, locale, practice!.origin);
      tabs.push(tab);
      return tab;
    },
    adopt(tab) {
      tabs.push(tab);
      return tab;
    },
  };
}
