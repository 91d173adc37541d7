// The accessibility check the journeys share: axe-core (through @axe-core/playwright, which injects
// it with Playwright's evaluate, so the Content-Security-Policy has nothing to block) over the page
// as it is, against WCAG 2.1 A and AA. A page passes with no violation of impact serious or
// critical; the moderate and minor ones, and what axe could not decide by itself, are remembered and
// printed by report() at the end of the file, not asserted, so they can be fixed later.
import { AxeBuilder } from '@axe-core/playwright';
import type { Result } from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

export interface AxeCheck {
  /** Runs axe over the page as it is now: fails (softly) on serious and critical violations, remembers the rest. */
  expectAccessible(page: Page, where: string): Promise<void>;
  /** Prints what was remembered: call it once, after the file's tests (afterAll). */
  report(): void;
}

const targetsOf = (violation: Result) => violation.nodes.map((node) => node.target.map(String).join(' >> '));

/** A check of its own for a test file; `name` prefixes what report() prints. */
export function axeCheck(name: string): AxeCheck {
  /** Every moderate and minor violation seen, by rule, with the pages it was seen on. */
  const leftForLater = new Map<string, { impact: string; help: string; pages: Set<string>; targets: Set<string> }>();
  /** What axe could not decide by itself (e.g. contrast over an image), by rule: for a person to review. */
  const toReview = new Map<string, { pages: Set<string>; nodes: Set<string> }>();

  async function expectAccessible(page: Page, where: string): Promise<void> {
    const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    const blocking: string[] = [];
    for (const unsure of results.incomplete) {
      const seen = toReview.get(unsure.id) ?? { pages: new Set<string>(), nodes: new Set<string>() };
      seen.pages.add(where);
      for (const node of unsure.nodes) seen.nodes.add(`${node.target.map(String).join(' >> ')}: ${node.any[0]?.message ?? node.failureSummary ?? ''}`);
      toReview.set(unsure.id, seen);
    }
    for (const violation of results.violations) {
      const impact = violation.impact ?? 'unknown';
      if (BLOCKING.has(impact)) {
        blocking.push(`${violation.id} (${impact}): ${violation.help}\n    ${targetsOf(violation).join('\n    ')}`);
        continue;
      }
      const seen = leftForLater.get(violation.id) ?? { impact, help: violation.help, pages: new Set<string>(), targets: new Set<string>() };
      seen.pages.add(where);
      for (const target of targetsOf(violation)) seen.targets.add(target);
      leftForLater.set(violation.id, seen);
    }
    // Soft, so one run lists every page's violations, not only the first page's.
    expect.soft(blocking, `serious or critical accessibility violations on ${where} (${page.url()})`).toEqual([]);
  }

  function report(): void {
    const review = [...toReview.entries()].map(
      ([id, seen]) => `  ${id} on: ${[...seen.pages].join(', ')}\n    ${[...seen.nodes].slice(0, 12).join('\n    ')}`,
    );
    if (review.length) console.log(`[${name}] for a person to review (axe "incomplete"):\n${review.join('\n')}`);
    if (leftForLater.size === 0) {
      console.log(`[${name}] no moderate or minor violations`);
      return;
    }
    const lines = [...leftForLater.entries()].map(
      ([id, seen]) => `  ${id} (${seen.impact}): ${seen.help}\n    on: ${[...seen.pages].join(', ')}\n    at: ${[...seen.targets].slice(0, 8).join(' | ')}`,
    );
    console.log(`[${name}] moderate and minor violations, left for later:\n${lines.join('\n')}`);
  }

  return { expectAccessible, report };
}
