// The browser bench's stopwatch, kept inside the page so that it times what a person sees: it starts
// at the moment of the person's own input (the trusted click or key press, by the event's time) and
// stops once a frame showing the awaited patient card has been painted. Timing from Node instead
// would add Playwright's own delays: the checks before a click (~100 ms), and above all how
// `locator.waitFor` polls — at 0, 20, 50, 100 and 100 ms, then every 500 ms — so a card drawn just
// after a poll was counted up to half a second late.
import type { Page } from 'playwright-core';

export interface StopwatchStart {
  /** The person's input that starts it: the next trusted event of this type. */
  startOn: 'click' | 'keydown';
  /** The card that stops it, by its accessible name (the patient's full name); null: any card. */
  cardName: string | null;
  timeoutMs: number;
}

// Evaluated as text: tsx compiles the bench's functions with helpers (`__name`) that do not exist in
// the page, so the page's part is plain JavaScript. It looks for the card at every animation frame:
// a card in the page at a frame's start is painted in that frame, and the timeout queued from the
// frame's callback runs once that frame is done.
const ARM_IN_PAGE = `(({ startOn, cardName, timeoutMs }) => {
  window.__benchStopwatch = new Promise((resolve, reject) => {
    setTimeout(() => reject(new Error('no card ' + (cardName ?? '') + ' within ' + timeoutMs + ' ms of the ' + startOn)), timeoutMs);
    let started = false;
    addEventListener(startOn, (event) => {
      if (started || !event.isTrusted) return;
      started = true;
      const startedAt = event.timeStamp;
      const named = (article) => {
        if (cardName === null) return true;
        const label = document.getElementById(article.getAttribute('aria-labelledby') ?? '');
        return label?.textContent?.trim() === cardName;
      };
      const shown = (article) => {
        const box = article.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < innerHeight && article.checkVisibility();
      };
      const everyFrame = () => {
        if ([...document.querySelectorAll('article')].some((article) => named(article) && shown(article))) {
          setTimeout(() => resolve(performance.now() - startedAt), 0);
        } else {
          requestAnimationFrame(everyFrame);
        }
      };
      requestAnimationFrame(everyFrame);
    }, { capture: true });
  });
})`;

/** Arms the stopwatch in the page; the input it waits for must come after this. */
export async function armStopwatch(page: Page, start: StopwatchStart): Promise<void> {
  await page.evaluate(`${ARM_IN_PAGE}(${JSON.stringify(start)})`);
}

/** Milliseconds from the input to the frame that showed the card, once it has been painted. */
export async function stopwatchReading(page: Page): Promise<number> {
  return (await page.evaluate('window.__benchStopwatch')) as number;
}
