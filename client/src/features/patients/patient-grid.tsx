// The medic's patients as a grid of cards, with SPEC §2's other states: 12 skeletons while
// loading, an error banner, and an empty state that says whether a search hides the patients.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SKELETON_CARDS } from '../../../../shared/constants';
import type { PatientListItem } from '../../../../shared/patients';
import { SkeletonCard } from '../../components/skeleton-card';
import { filterPatients } from './filter-patients';
import { PatientCard } from './patient-card';
import { useUnlinkPatient } from './use-unlink-patient';

interface PatientGridProps {
  patients: PatientListItem[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  query: string;
}

export function PatientGrid({ patients, isPending, isError, onRetry, query }: PatientGridProps) {
  const { t } = useTranslation('patients');
  const [menuFor, setMenuFor] = useState<number | null>(null);
  const unlink = useUnlinkPatient();
  const visible = useMemo(() => filterPatients(patients ?? [], query), [patients, query]);
  // One "now" per render of the list, so every card judges 'recent' against the same moment.
  const now = new Date();

  if (isPending) {
    return (
      <div className="patient-grid" aria-busy="true">
        <p role="status" className="visually-hidden">
          {t('common:loading')}
        </p>
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <SkeletonCard key={index} />
        ))}
      </div>
    );
  }

  if (isError) {
    return (
      <div role="alert" className="alert alert--error banner">
        <span>{t('home.loadFailed')}</span>
        <button type="button" className="button button--secondary button--small" onClick={onRetry}>
          {t('home.retry')}
        </button>
      </div>
    );
  }

  if (visible.length === 0) {
    const searching = query.trim() !== '';
    return (
      <div className="empty-state card">
        <p className="empty-state__title">{searching ? t('home.emptySearch') : t('home.empty')}</p>
        {!searching && <p className="empty-state__hint">{t('home.emptyHint')}</p>}
      </div>
    );
  }

  return (
    <ul className="patient-grid" aria-label={t('home.listLabel')}>
      {visible.map((patient) => (
        <li key={patient.idPatient} className="patient-grid__item">
          <PatientCard
            patient={patient}
            now={now}
            menuOpen={menuFor === patient.idPatient}
            onOpenMenu={() => setMenuFor(patient.idPatient)}
            onCloseMenu={() => setMenuFor((open) => (open === patient.idPatient ? null : open))}
            onUnlink={() => unlink(patient)}
          />
        </li>
      ))}
    </ul>
  );
}
