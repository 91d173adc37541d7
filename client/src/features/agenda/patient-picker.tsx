// Choosing whom an appointment is for: a search among the medic's own patients on the server
// (medics.searchPatients, once typing pauses), a list of the linked ones found, each a button. The
// search can also find someone else's patient by exact email; such a patient is not offered, since
// only a linked patient may be booked. Once chosen, the name shows with a button to choose again.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PatientSearchResult } from '../../../../shared/patients';
import { trpc } from '../../lib/trpc';
import { useDebouncedValue } from '../../lib/use-debounced-value';

/** How long typing must pause before the search goes to the server. */
const SEARCH_PAUSE_MS = 250;

interface PatientPickerProps {
  value: PatientSearchResult | null;
  onChange: (patient: PatientSearchResult | null) => void;
  error?: string;
}

export function PatientPicker({ value, onChange, error }: PatientPickerProps) {
  const { t } = useTranslation('agenda');
  const id = useId();
  const [term, setTerm] = useState('');
  const q = useDebouncedValue(term.trim(), SEARCH_PAUSE_MS);
  const search = trpc.medics.searchPatients.useQuery({ q }, { enabled: q !== '' && !value });
  const found = (search.data ?? []).filter((patient) => patient.linked);
  const inputRef = useRef<HTMLInputElement>(null);
  const changeRef = useRef<HTMLButtonElement>(null);
  // Choosing or choosing again replaces the control that had focus: focus follows to its replacement.
  const focusReplacement = useRef(false);
  useEffect(() => {
    if (!focusReplacement.current) return;
    focusReplacement.current = false;
    (value ? changeRef : inputRef).current?.focus();
  }, [value]);

  const choose = (patient: PatientSearchResult | null) => {
    focusReplacement.current = true;
    onChange(patient);
  };

  if (value) {
    const name = `${value.name} ${value.lname}`.trim();
    return (
      <div className="field patient-picker">
        <p className="field__label">{t('book.patient')}</p>
        <div className="patient-picker__chosen">
          <p>
            <strong>{t('book.chosen', { name })}</strong>
            <span className="patient-picker__meta">{value.email}</span>
          </p>
          <button ref={changeRef} type="button" className="button button--secondary button--small" onClick={() => choose(null)}>
            {t('book.change')}
          </button>
        </div>
      </div>
    );
  }

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const resultsId = `${id}-results`;
  const searched = q !== '' && search.data !== undefined;
  return (
    <div className="field patient-picker">
      <label className="field__label" htmlFor={id}>
        {t('book.patient')}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="search"
        className="field__input"
        autoComplete="off"
        placeholder={t('book.search')}
        aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-controls={resultsId}
        data-autofocus
        value={term}
        onChange={(event) => setTerm(event.target.value)}
      />
      <p id={hintId} className="field__hint">
        {t('book.searchHint')}
      </p>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
      <div id={resultsId} aria-live="polite" aria-busy={search.isFetching}>
        {q !== '' && search.isFetching && !searched && <p className="patient-picker__note">{t('book.searching')}</p>}
        {searched && found.length === 0 && <p className="patient-picker__note">{t('book.noResults')}</p>}
        {searched && found.length > 0 && (
          <ul className="bordered-list patient-picker__results" aria-label={t('book.results')}>
            {found.map((patient) => {
              const name = `${patient.name} ${patient.lname}`.trim();
              return (
                <li key={patient.idPatient}>
                  <button type="button" className="patient-picker__option" onClick={() => choose(patient)}>
                    <span className="patient-picker__name">{name}</span>
                    <span className="patient-picker__meta">{patient.email}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
