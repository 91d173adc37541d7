// The receta's choices on screen: the paper it is printed on — A5, or half a
// Letter sheet (5.5 × 8.5 in), what a Mexican practice buys — and the language it is written in,
// which may differ from the interface's (a patient abroad, a foreign pharmacy). The paper is
// remembered on this browser, since a practice prints on the same pads every time.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../../../shared/constants';

export const PAPERS = ['a5', 'halfLetter'] as const;
export type Paper = (typeof PAPERS)[number];

export const PAPER_STORAGE_KEY = 'expediente.recetaPaper';

const isPaper = (value: string | null): value is Paper => (PAPERS as readonly (string | null)[]).includes(value);

function storedPaper(): Paper {
  try {
    const stored = localStorage.getItem(PAPER_STORAGE_KEY);
    return isPaper(stored) ? stored : 'a5';
  } catch {
    return 'a5';
  }
}

/** The paper chosen last on this browser (A5 the first time), and how to choose another. */
export function usePaper(): [Paper, (paper: Paper) => void] {
  const [paper, setPaper] = useState(storedPaper);
  const choose = (next: Paper) => {
    setPaper(next);
    try {
      localStorage.setItem(PAPER_STORAGE_KEY, next);
    } catch {
      // Storage refused (private mode, full): the choice still holds on this page.
    }
  };
  return [paper, choose];
}

interface RecetaOptionsProps {
  paper: Paper;
  onPaper: (paper: Paper) => void;
  language: Language;
  onLanguage: (language: Language) => void;
}

export function RecetaOptions({ paper, onPaper, language, onLanguage }: RecetaOptionsProps) {
  const { t } = useTranslation(['receta', 'common']);
  return (
    <div className="receta-options" role="group" aria-label={t('options')}>
      <fieldset className="choice">
        <legend className="field__label">{t('paper.label')}</legend>
        <div className="choice__options">
          {PAPERS.map((option) => (
            <label key={option} className="choice__option">
              <input type="radio" name="receta-paper" value={option} checked={paper === option} onChange={() => onPaper(option)} />
              <span>{t(`paper.${option}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="choice">
        <legend className="field__label">{t('language')}</legend>
        <div className="choice__options">
          {LANGUAGES.map((option) => (
            <label key={option} className="choice__option">
              <input type="radio" name="receta-language" value={option} checked={language === option} onChange={() => onLanguage(option)} />
              <span lang={option}>{t(`common:languages.${option}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
