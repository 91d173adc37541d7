// Finding a doctor to link to (SPEC §2 "My doctor", §5 "Search"). The search runs on Enter or the
// search button, not while typing; an empty query clears the results without a call. A failed
// search is logged and reads as no results (SPEC §8).
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../components/avatar';
import { LinkIcon, SearchIcon } from '../../components/icons';
import { trpc } from '../../lib/trpc';
import type { Doctor } from './types';

interface DoctorSearchProps {
  id?: string;
  linkedIds: Set<number>;
  linking: boolean;
  onLink: (doctor: Doctor) => Promise<boolean>;
}

export function DoctorSearch({ id, linkedIds, linking, onLink }: DoctorSearchProps) {
  const { t } = useTranslation('dashboard');
  const inputId = useId();
  const resultsId = useId();
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const search = trpc.medics.searchDoctors.useQuery({ q: term }, { enabled: term !== '', staleTime: 0 });
  useEffect(() => {
    if (search.error) console.error('Doctor search failed', search.error);
  }, [search.error]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTerm(text.trim());
  };
  const link = async (doctor: Doctor) => {
    if (linking) return;
    if (await onLink(doctor)) {
      setText('');
      setTerm('');
    }
  };

  const showResults = term !== '' && (search.isError || search.data !== undefined);
  const results = search.isError ? [] : (search.data ?? []);

  return (
    <div id={id} className="doctor-search">
      <form role="search" className="search-form" onSubmit={onSubmit}>
        <label htmlFor={inputId} className="field__label">
          {t('doctors.searchLabel')}
        </label>
        <div className="search-form__row">
          <input
            id={inputId}
            type="search"
            className="field__input"
            autoComplete="off"
            placeholder={t('doctors.searchPlaceholder')}
            aria-controls={resultsId}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <button type="submit" className="button button--secondary">
            <SearchIcon />
            {t('doctors.search')}
          </button>
        </div>
      </form>
      <div id={resultsId} className="doctor-search__results" aria-live="polite" aria-busy={search.isFetching}>
        {term !== '' && search.isFetching && !showResults && <p className="doctor-search__note">{t('doctors.searching')}</p>}
        {showResults && results.length === 0 && <p className="doctor-search__note">{t('doctors.noResults')}</p>}
        {showResults && results.length > 0 && (
          <ul className="result-list" aria-label={t('doctors.resultsLabel')}>
            {results.map((doctor) => {
              const name = `${doctor.name} ${doctor.lname}`.trim();
              return (
                <li key={doctor.idMedic} className="result-list__item">
                  <Avatar name={doctor.name} lname={doctor.lname} />
                  <div className="result-list__who">
                    <p className="result-list__name">{name}</p>
                    <p className="result-list__meta">
                      <span>{doctor.email}</span>
                      {doctor.about && <span>{doctor.about}</span>}
                    </p>
                  </div>
                  {linkedIds.has(doctor.idMedic) ? (
                    <span className="tag tag--muted">{t('doctors.alreadyLinked')}</span>
                  ) : (
                    <button
                      type="button"
                      className="button button--primary button--small"
                      aria-label={t('doctors.linkNamed', { name })}
                      // Not disabled while linking: a disabled button would drop the focus.
                      aria-disabled={linking}
                      onClick={() => void link(doctor)}
                    >
                      <LinkIcon />
                      {t('doctors.link')}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
