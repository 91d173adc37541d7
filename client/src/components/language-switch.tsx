// ES/EN as two toggle buttons (SPEC §1). Each is named in its own language, so a speaker of the
// other one can still find it, after the code it shows ("ES Español"), so that the visible label is
// part of the name (WCAG 2.5.3); the detector stores the choice under 'expediente.lang'.
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../../shared/constants';

export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation('common');
  const active = i18n.resolvedLanguage;
  return (
    <div className={`language-switch ${className}`.trim()} role="group" aria-label={t('languages.label')}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          className="language-switch__button"
          lang={language}
          aria-label={`${language.toUpperCase()} ${t(`languages.${language}`)}`}
          aria-pressed={active === language}
          onClick={() => void i18n.changeLanguage(language)}
        >
          {language.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
