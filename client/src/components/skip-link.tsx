// "Skip to main content" (WCAG 2.4.1 Bypass Blocks): the first thing Tab reaches on every page, out
// of sight until focused, so keyboard users need not tab through the header on each page. It
// focuses the main landmark itself rather than only following the #fragment: a fragment alone
// scrolls but leaves focus where it was in some browsers, and the router would see a new URL.
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import './skip-link.css';

/** The id the page's <main> carries (with tabIndex -1, so it can take the focus). */
export const MAIN_CONTENT_ID = 'main-content';

export function SkipLink() {
  const { t } = useTranslation('common');
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
  };
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skip}>
      {t('skipToContent')}
    </a>
  );
}
