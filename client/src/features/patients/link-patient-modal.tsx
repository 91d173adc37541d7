// The link-patient modal (SPEC §2, §5; API.md "consent"): the medic's own patients match any field,
// every other patient only their exact email, and for those the medic asks for access — the
// patient decides. When care cannot wait, the same dialog turns into the emergency-access form.
// Typing searches after a short pause (Enter searches at once); an empty query shows nothing and
// calls nothing. A failed search is logged and reads as "no results" (SPEC §8), never as stale hits.
// Searching the same text again asks the server again: the patient may have registered meanwhile,
// or the last try may have failed.
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PatientSearchResult } from '../../../../shared/patients';
import { Modal } from '../../components/modal';
import { SearchForm } from '../../components/search-form';
import { trpc } from '../../lib/trpc';
import { EmergencyAccessForm } from './emergency-access-form';
import { PatientSearchResults, type FocusTarget } from './patient-search-results';
import { SEARCH_PAUSE_MS } from './search-pause';
import { useRequestAccess } from './use-request-access';
import { FormFailure } from '../../components/form-failure';


export function LinkPatientModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('patients');
  const resultsId = useId();
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const [emergencyFor, setEmergencyFor] = useState<PatientSearchResult | null>(null);
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);
  const trimmed = text.trim();

  useEffect(() => {
    if (!trimmed) return;
    const timer = setTimeout(() => setTerm(trimmed), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [trimmed]);

  // Clearing the box clears the results at once, without waiting for the pause.
  const activeTerm = trimmed ? term : '';
  const search = trpc.medics.searchPatients.useQuery({ q: activeTerm }, { enabled: activeTerm !== '', staleTime: 0 });
  useEffect(() => {
    if (search.error) console.error('Patient search failed', search.error);
  }, [search.error]);

  const access = useRequestAccess();

  if (emergencyFor) {
    return (
      <Modal title={t('emergency.title')} description={t('emergency.intro')} onClose={onClose}>
        <EmergencyAccessForm
          patient={emergencyFor}
          onBack={() => {
            setFocusTarget({ idPatient: emergencyFor.idPatient, kind: 'emergency' });
            setEmergencyFor(null);
          }}
        />
      </Modal>
    );
  }

  const sentTo = access.justRequested;
  return (
    <Modal title={t('link.title')} description={t('link.intro')} onClose={onClose}>
      <div className="link-patient">
        <SearchForm
          label={t('link.searchLabel')}
          buttonLabel={t('link.search')}
          data-autofocus
          resultsId={resultsId}
          value={text}
          onChange={setText}
          onSubmit={() => {
            if (trimmed !== '' && trimmed === term) void search.refetch();
            else setTerm(trimmed);
          }}
        />
        <FormFailure error={access.error} title={t('link.requestFailed')} fallbackKey="patients:errors.network" />
        {/* Inside the dialog, where a screen reader's attention is held by aria-modal. */}
        <p role="status" className="link-patient__sent">
          {sentTo && t('link.requested', { name: `${sentTo.name} ${sentTo.lname}`.trim() })}
        </p>
        <PatientSearchResults
          id={resultsId}
          term={activeTerm}
          search={search}
          requested={access.requested}
          focusTarget={focusTarget}
          onFocused={() => setFocusTarget(null)}
          busy={access.isPending}
          onRequest={(patient) => access.request(patient, () => setFocusTarget({ idPatient: patient.idPatient, kind: 'sent' }))}
          onEmergency={(patient) => {
            if (!access.isPending) setEmergencyFor(patient);
          }}
        />
      </div>
    </Modal>
  );
}
