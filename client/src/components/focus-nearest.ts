// Where focus goes when the element that held it has left the page: a
// dialog's opener deleted while the dialog was open, a card removed by its own menu. Left alone,
// focus falls to <body>, and a keyboard or screen-reader user starts over from the top of the page.
// Instead it goes to the nearest place that stayed: the element itself if it is still there and can
// take focus; else, where it was in the nearest container that stayed, the element that took its
// place (at the same spot inside it: the next card's ⋮ for a card's ⋮) or the next one that can take
// focus, else the one before; else the main landmark.
import { MAIN_CONTENT_ID } from './skip-link';

/** What Tab stops at. */
export const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Where an element was, noted while it was still in the page. */
export interface FocusSpot {
  element: HTMLElement;
  /** Its ancestors, nearest first, each with the position the way down took through it. */
  path: { parent: HTMLElement; index: number }[];
}

const indexIn = (parent: Element, child: Element) => Array.prototype.indexOf.call(parent.children, child);

/** Notes where `element` is; null for <body> (or nothing), which says nothing about a place. */
export function rememberFocus(element: Element | null): FocusSpot | null {
  if (!(element instanceof HTMLElement) || element === document.body) return null;
  const path: FocusSpot['path'] = [];
  for (let child: HTMLElement = element, parent = element.parentElement; parent; child = parent, parent = parent.parentElement) {
    path.push({ parent, index: indexIn(parent, child) });
  }
  return { element, path };
}

/** Whether nothing has focus: it fell to <body> when the element holding it left. */
export function focusIsLost(): boolean {
  return document.activeElement === null || document.activeElement === document.body;
}

export function focusMainContent(options?: FocusOptions): void {
  document.getElementById(MAIN_CONTENT_ID)?.focus(options);
}

function tryFocus(element: Element | null | undefined, options?: FocusOptions): boolean {
  if (!(element instanceof HTMLElement)) return false;
  element.focus(options);
  return document.activeElement === element;
}

/**
 * Focuses the nearest place that stayed (see above). False, leaving focus alone, when no spot was
 * noted or the part of the page around it is gone as a whole (another page is showing): then the
 * caller decides.
 */
export function focusNearest(spot: FocusSpot | null, options?: FocusOptions): boolean {
  if (!spot) return false;
  if (spot.element.isConnected && tryFocus(spot.element, options)) return true;
  const main = document.getElementById(MAIN_CONTENT_ID) ?? document.body;
  const stayed = spot.path.findIndex(({ parent }) => parent.isConnected);
  const nearest = spot.path[stayed];
  if (!nearest || !main.contains(nearest.parent) || nearest.parent === main) return false;

  // The way from what left (the child of `nearest.parent` on the path) down to the element.
  let steps = spot.path.slice(0, stayed).map(({ index }) => index);
  let departed: Element = stayed === 0 ? spot.element : spot.path[stayed - 1]!.parent;
  let container: HTMLElement = nearest.parent;
  while (container !== main) {
    const children = [...container.children];
    const own = children.indexOf(departed);
    // When it left, whatever took its place now sits at its old position.
    const cut = own >= 0 ? own : nearest.index;
    const after = children.slice(own >= 0 ? own + 1 : cut);
    const before = children.slice(0, cut).reverse();
    const sameSpot = (sibling: Element) => steps.reduceRight<Element | undefined>((at, step) => at?.children[step], sibling);
    const focusIn = (sibling: Element, last: boolean) => {
      const spotInSibling = sameSpot(sibling);
      if (spotInSibling?.tagName === spot.element.tagName && spotInSibling.matches(FOCUSABLE) && tryFocus(spotInSibling, options)) return true;
      const candidates = [sibling, ...sibling.querySelectorAll(FOCUSABLE)].filter((candidate) => candidate.matches(FOCUSABLE));
      return (last ? candidates.reverse() : candidates).some((candidate) => tryFocus(candidate, options));
    };
    if (after.some((sibling) => focusIn(sibling, false)) || before.some((sibling) => focusIn(sibling, true))) return true;
    // Nothing here: one level out, where the same spot no longer means anything.
    steps = [];
    departed = container;
    container = container.parentElement ?? main;
  }
  focusMainContent(options);
  return true;
}
