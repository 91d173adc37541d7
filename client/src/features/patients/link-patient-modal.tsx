// The link-patient modal (SPEC §2, §5): search every patient account of the practice and link one.
// Typing searches after a short pause (Enter searches at once); an empty query shows nothing and
// calls nothing. A failed search is logged and reads as "no results" (SPEC §8), never as stale hits.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PatientSearchResult } from '../../../../shared/patients';
import { Avatar } from '../../components/avatar';
import { LinkIcon, SearchIcon } from '../../components/icons';
import { Modal } from '../../components/modal';
import { useToast } from '../../components/toasts';
import { trpc } from '../../lib/trpc';
import { errorDetail } from './error-detail';

export const SEARCH_DEBOUNCE_MS = 300;

export function LinkPatientModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('patients');
  const toast = useToast();
  const utils = trpc.useUtils();
  const inputId = useId();
  const resultsId = useId();
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const trimmed = text.trim();

  useEffect(() => {
    if (!trimmed) return;
    const timer = setTimeout(() => setTerm(trimmed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [trimmed]);

  // Clearing the box clears the results at once, without waiting for the pause.
  const activeTerm = trimmed ? term : '';
  const search = trpc.medics.searchPatients.useQuery({ q: activeTerm }, { enabled: activeTerm !== '', staleTime: 0 });
  useEffect(() => {
    if (search.error) console.error('Patient search failed', search.error);
  }, [search.error]);

  const alreadyLinked = new Set(utils.medics.myPatients.getData()?.patients.map((patient) => patient.idPatient) ?? []);
  const link = trpc.medics.linkPatient.useMutation();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTerm(trimmed);
  };

  const linkTo = (patient: PatientSearchResult) => {
    if (link.isPending) return;
    const name = `${patient.name} ${patient.lname}`.trim();
    link.mutate(
      { patientEmail: patient.email },
      {
        onSuccess: () => {
          void utils.medics.myPatients.invalidate();
          toast.success(t('link.success', { name }));
          onClose();
        },
      },
    );
  };

  const results = search.isError ? [] : (search.data ?? []);
  const showResults = activeTerm !== '' && (search.isError || search.data !== undefined);

  return (
    <Modal title={t('link.title')} description={t('link.intro')} onClose={onClose}>
      <div className="link-patient">
        <form role="search" className="search-form" onSubmit={onSubmit}>
          <label htmlFor={inputId} className="field__label">
            {t('link.searchLabel')}
          </label>
          <div className="search-form__row">
            <input
              id={inputId}
              type="search"
              className="field__input"
              autoComplete="off"
              data-autofocus
              aria-controls={resultsId}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
            <button type="submit" className="button button--secondary">
              <SearchIcon />
              {t('link.search')}
            </button>
          </div>
        </form>
        {link.error && (
          <div role="alert" className="alert alert--error">
            <strong>{t('link.failed')}</strong> {errorDetail(t, link.error)}
          </div>
        )}
        <div id={resultsId} className="link-patient__results" aria-live="polite" aria-busy={search.isFetching}>
          {activeTerm !== '' && search.isFetching && !showResults && <p className="link-patient__note">{t('link.searching')}</p>}
          {showResults && results.length === 0 && <p className="link-patient__note">{t('link.noResults')}</p>}
          {showResults && results.length > 0 && (
            <ul className="result-list" aria-label={t('link.resultsLabel')}>
              {results.map((patient) => {
                const name = `${patient.name} ${patient.lname}`.trim();
                return (
                  <li key={patient.idPatient} className="result-list__item">
                    <Avatar name={patient.name} lname={patient.lname} />
                    <div className="result-list__who">
                      <p className="result-list__name">{name}</p>
                      <p className="result-list__meta">
                        <span>{patient.email}</span>
                        {patient.phone && <span>{patient.phone}</span>}
                      </p>
                    </div>
                    {alreadyLinked.has(patient.idPatient) ? (
                      <span className="tag tag--muted">{t('link.alreadyLinked')}</span>
                    ) : (
                      <button
                        type="button"
                        className="button button--primary button--small"
                        aria-label={t('link.linkNamed', { name })}
                        // Not disabled: that would drop focus out of the dialog while linking.
                        aria-disabled={link.isPending}
                        onClick={() => linkTo(patient)}
                      >
                        <LinkIcon />
                        {t('link.linkButton')}
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </div>
    </Modal>
  );
}
