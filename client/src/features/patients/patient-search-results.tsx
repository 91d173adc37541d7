// The results of the link-patient search. A patient is in one of three states for this medic:
// linked (a tag, nothing to do), asked and waiting (a tag), or neither — then the medic may ask for
// access or, when care cannot wait, open emergency access. A failed search reads as no results
// (SPEC §8); the caller logs it.
import { useTranslation } from 'react-i18next';
import type { PatientSearchResult } from '../../../../shared/patients';
import { LinkIcon } from '../../components/icons';
import { isDefaultPhone } from '../../lib/stored-defaults';
import { PersonItem } from '../../components/person-item';

interface PatientSearchResultsProps {
  id: string;
  // The term searched for; nothing shows while it is empty.
  term: string;
  search: { isFetching: boolean; isError: boolean; data: PatientSearchResult[] | undefined };
  /** Patients this medic has a pending request for. */
  requested: ReadonlySet<number>;
  /**
   * Where focus goes once: to the "Request sent" tag that replaced the button just pressed, or back
   * to the emergency button the medic left the list by. `onFocused` clears it, so a later search
   * that shows the same patient does not steal the focus from the search box.
   */
  focusTarget: FocusTarget | null;
  onFocused: () => void;
  busy: boolean;
  onRequest: (patient: PatientSearchResult) => void;
  onEmergency: (patient: PatientSearchResult) => void;
}

export interface FocusTarget {
  idPatient: number;
  kind: 'sent' | 'emergency';
}

export function PatientSearchResults(props: PatientSearchResultsProps) {
  const { id, term, search, requested, focusTarget, onFocused, busy, onRequest, onEmergency } = props;
  const { t } = useTranslation('patients');
  const showResults = term !== '' && (search.isError || search.data !== undefined);
  const results = search.isError ? [] : (search.data ?? []);
  const focusIfTarget = (idPatient: number, kind: FocusTarget['kind']) =>
    focusTarget?.idPatient === idPatient && focusTarget.kind === kind
      ? (element: HTMLElement | null) => {
          if (!element) return;
          element.focus();
          onFocused();
        }
      : undefined;

  return (
    <div id={id} className="link-patient__results" aria-live="polite" aria-busy={search.isFetching}>
      {term !== '' && search.isFetching && !showResults && <p className="link-patient__note">{t('link.searching')}</p>}
      {showResults && results.length === 0 && <p className="link-patient__note">{t('link.noResults')}</p>}
      {showResults && results.length > 0 && (
        <ul className="bordered-list result-list" aria-label={t('link.resultsLabel')}>
          {results.map((patient) => {
            const name = `${patient.name} ${patient.lname}`.trim();
            return (
              <PersonItem
                key={patient.idPatient}
                person={patient}
                title={name}
                details={[patient.email, patient.phone && !isDefaultPhone(patient.phone) ? patient.phone : null]}
              >
                {patient.linked ? (
                  <span className="tag tag--recent">{t('link.alreadyLinked')}</span>
                ) : (
                  <div className="result-list__actions">
                    {requested.has(patient.idPatient) ? (
                      <span
                        className="tag tag--muted"
                        tabIndex={-1}
                        ref={focusIfTarget(patient.idPatient, 'sent')}
                      >
                        {t('link.requestSent')}
                      </span>
                    ) : (
                      <button
                        type="button"
                        className="button button--primary button--small"
                        aria-label={t('link.requestNamed', { name })}
                        // Not disabled while busy: a disabled button would drop the focus.
                        aria-disabled={busy}
                        onClick={() => onRequest(patient)}
                      >
                        <LinkIcon />
                        {t('link.requestButton')}
                      </button>
                    )}
                    <button
                      type="button"
                      className="button button--emergency button--small"
                      aria-label={t('link.emergencyNamed', { name })}
                      aria-disabled={busy}
                      ref={focusIfTarget(patient.idPatient, 'emergency')}
                      onClick={() => onEmergency(patient)}
                    >
                      {t('link.emergencyButton')}
                    </button>
                  </div>
                )}
              </PersonItem>
            );
          })}
        </ul>
      )}
    </div>
  );
}
