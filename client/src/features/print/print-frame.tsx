// The one print frame the printed summary and the receta share (DESIGN.md "One print layout"): a
// toolbar that stays on screen (the way back, Print, the document's own choices) and the document
// below it, which each document supplies. print-frame.css takes the app's chrome off the paper.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import './print-frame.css';

interface PrintFrameProps {
  /** The document's own class, which its stylesheet gives a named @page. */
  className: string;
  /** The id of the document's title. */
  labelledBy: string;
  /** The page the document was opened from, and what the link back says. */
  backHref: string;
  backLabel: string;
  /** The language the document is written in, when it is not the interface's. */
  lang?: string;
  /** Choices of this document (paper, language), under the way back and Print. */
  controls?: ReactNode;
  children: ReactNode;
}

export function PrintFrame({ className, labelledBy, backHref, backLabel, lang, controls, children }: PrintFrameProps) {
  const { t } = useTranslation('print');
  return (
    <div className="print-frame">
      <div className="print-frame__toolbar">
        <div className="print-frame__actions">
          <Link href={backHref} className="button button--secondary">
            {backLabel}
          </Link>
          <button type="button" className="button button--primary" onClick={() => window.print()}>
            {t('print')}
          </button>
        </div>
        {controls}
      </div>
      <article className={className} aria-labelledby={labelledBy} lang={lang}>
        {children}
      </article>
    </div>
  );
}
