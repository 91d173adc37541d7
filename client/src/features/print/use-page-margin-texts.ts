// The printed page's margins (print-summary.css's @page boxes) say which practice printed what and
// when, on every page. CSS cannot read the page's text, so the texts reach it as custom properties
// on <html>, set through the CSSOM: the Content-Security-Policy forbids inline style attributes,
// not this.
import { useEffect } from 'react';

export interface PageMarginTexts {
  practice: string;
  printedOn: string;
  patient: string;
}

const PROPERTIES: Record<keyof PageMarginTexts, string> = {
  practice: '--print-practice',
  printedOn: '--print-date',
  patient: '--print-patient',
};

/** A CSS string literal: `content: var(...)` needs quotes, and a quote or backslash in a name must not end it. */
export const cssString = (text: string) => `"${text.replace(/[\\"]/g, '\\$&').replace(/[\r\n]+/g, ' ')}"`;

export function usePageMarginTexts(texts: PageMarginTexts): void {
  const { practice, printedOn, patient } = texts;
  useEffect(() => {
    const root = document.documentElement.style;
    const values: PageMarginTexts = { practice, printedOn, patient };
    for (const [key, property] of Object.entries(PROPERTIES)) root.setProperty(property, cssString(values[key as keyof PageMarginTexts]));
    return () => {
      for (const property of Object.values(PROPERTIES)) root.removeProperty(property);
    };
  }, [practice, printedOn, patient]);
}
