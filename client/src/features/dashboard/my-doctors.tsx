// "My doctor" (SPEC §2): the linked doctors as cards, and the search that links another. With no
// doctor yet the search is shown at once, under a message saying so; otherwise a toggle reveals it.
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, PlusIcon } from '../../components/icons';
import { DoctorCard } from './doctor-card';
import { DoctorSearch } from './doctor-search';
import type { Doctor } from '../../lib/api-types';
import { useDoctorLinks } from './use-doctor-links';
import { CardSection } from '../../components/card-section';

export function MyDoctors({ doctors }: { doctors: Doctor[] }) {
  const { t } = useTranslation('dashboard');
  const searchId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [adding, setAdding] = useState(false);
  const [menuFor, setMenuFor] = useState<number | null>(null);
  const { linkTo, linking, unlinkFrom } = useDoctorLinks();
  const hasDoctors = doctors.length > 0;
  const showSearch = adding || !hasDoctors;

  const onLink = async (doctor: Doctor) => {
    const linked = await linkTo(doctor);
    if (linked) {
      setAdding(false);
      toggleRef.current?.focus();
    }
    return linked;
  };

  return (
    <CardSection
      title={t('doctors.title', { count: doctors.length })}
      actions={
        hasDoctors && (
          <button
            ref={toggleRef}
            type="button"
            className="button button--secondary button--small"
            aria-expanded={adding}
            aria-controls={adding ? searchId : undefined}
            onClick={() => setAdding((value) => !value)}
          >
            {adding ? <CloseIcon /> : <PlusIcon />}
            {adding ? t('doctors.cancelAdd') : t('doctors.add')}
          </button>
        )
      }
    >
      {!hasDoctors && <p className="dashboard-section__empty">{t('doctors.none')}</p>}
      {hasDoctors && (
        <ul className="doctor-list" aria-label={t('doctors.listLabel')}>
          {doctors.map((doctor) => (
            <li key={doctor.idMedic}>
              <DoctorCard
                doctor={doctor}
                menuOpen={menuFor === doctor.idMedic}
                onOpenMenu={() => setMenuFor(doctor.idMedic)}
                onCloseMenu={() => setMenuFor((open) => (open === doctor.idMedic ? null : open))}
                onUnlink={() => unlinkFrom(doctor)}
              />
            </li>
          ))}
        </ul>
      )}
      {showSearch && (
        <DoctorSearch id={searchId} linkedIds={new Set(doctors.map((doctor) => doctor.idMedic))} linking={linking} onLink={onLink} />
      )}
    </CardSection>
  );
}
