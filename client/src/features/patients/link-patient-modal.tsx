// The link-patient modal (SPEC §2, §5): search every patient account of the practice and link one.
// Typing searches after a short pause (Enter searches at once); an empty query shows nothing and
// calls nothing. A failed search is logged and reads as "no results" (SPEC §8), never as stale hits.
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PatientSearchResult } from '../../../../shared/patients';
import { Modal } from '../../components/modal';
import { SearchForm } from '../../components/search-form';
import { SearchResultsList } from '../../components/search-results-list';
import { useToast } from '../../components/toasts';
import { trpc } from '../../lib/trpc';
import { errorDetail } from './error-detail';

export const SEARCH_DEBOUNCE_MS = 300;

export function LinkPatientModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('patients');
  const toast = useToast();
  const utils = trpc.useUtils();
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
          onSubmit={() => setTerm(trimmed)}
        />
        {link.error && (
          <div role="alert" className="alert alert--error">
            <strong>{t('link.failed')}</strong> {errorDetail(t, link.error)}
          </div>
        )}
        <SearchResultsList
          id={resultsId}
          className="link-patient__results"
          noteClassName="link-patient__note"
          term={activeTerm}
          search={search}
          keyOf={(patient) => patient.idPatient}
          detailOf={(patient) => patient.phone}
          isLinked={(patient) => alreadyLinked.has(patient.idPatient)}
          linking={link.isPending}
          onLink={linkTo}
          texts={{
            searching: t('link.searching'),
            noResults: t('link.noResults'),
            resultsLabel: t('link.resultsLabel'),
            alreadyLinked: t('link.alreadyLinked'),
            link: t('link.linkButton'),
            linkNamed: (name) => t('link.linkNamed', { name }),
          }}
        />
      </div>
    </Modal>
  );
}
