// One patient in the medic's grid. The name is a link stretched over the whole card, so a click or
// Enter opens the patient. Pressing and holding for 500 ms opens the card's action menu; so does
// the visible ⋮ button, the ContextMenu key or Shift+F10, because a long press alone would lock
// keyboard and switch users out of unlinking.
import { useId, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { PatientListItem } from '../../../../shared/patients';
import { Avatar } from '../../components/avatar';
import { ContextMenu } from '../../components/context-menu';
import { CalendarIcon, MoreIcon, UnlinkIcon } from '../../components/icons';
import { useCardMenu } from '../../components/use-card-menu';
import { trpc } from '../../lib/trpc';
import { useFormatters } from '../../lib/use-formatters';
import { bloodTypeOf, isRecent, shownAppointment } from './patient-facts';

interface PatientCardProps {
  patient: PatientListItem;
  now: Date;
  menuOpen: boolean;
  onOpenMenu: () => void;
  onCloseMenu: () => void;
  onUnlink: () => void;
}

export function PatientCard({ patient, now, menuOpen, onOpenMenu, onCloseMenu, onUnlink }: PatientCardProps) {
  const { t } = useTranslation('patients');
  const format = useFormatters();
  const baseId = useId();
  const { menuId, cardProps, menuButtonProps, closeMenu } = useCardMenu({ menuOpen, onOpenMenu, onCloseMenu });
  const fullName = `${patient.name} ${patient.lname}`.trim();
  const bloodType = bloodTypeOf(patient);
  const recent = isRecent(patient.lastAppointment, now);
  const appointment = shownAppointment(patient);
  const appointmentDay = format.day(appointment.date);
  const utils = trpc.useUtils();
  // A plain click opens the record: its request starts now, while the screen changes, not once the
  // record's page has mounted. Only on the click itself — never on hover — since every
  // read of a record is audited as the medic having opened it.
  const openRecord = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    void utils.medics.patientDetail.prefetch({ idPatient: patient.idPatient });
  };

  return (
    <article
      className={menuOpen ? 'patient-card card patient-card--menu-open' : 'patient-card card'}
      aria-labelledby={`${baseId}-name`}
      {...cardProps}
    >
      <div className="card-head patient-card__head">
        <Avatar name={patient.name} lname={patient.lname} />
        <div className="card-head__main patient-card__who">
          <h2 id={`${baseId}-name`} className="patient-card__name">
            <Link href={`/medic/patient/${patient.idPatient}`} className="card-cover patient-card__link" draggable={false} onClick={openRecord}>
              {fullName}
            </Link>
          </h2>
          <p className="patient-card__email">{patient.email}</p>
        </div>
        <button
          type="button"
          className="icon-button patient-card__menu-button"
          aria-label={t('card.actionsFor', { name: fullName })}
          {...menuButtonProps}
        >
          <MoreIcon />
        </button>
      </div>
      {(bloodType || recent) && (
        <div className="patient-card__tags">
          {bloodType && (
            <span className="tag tag--blood">
              <span className="visually-hidden">{t('card.bloodType')}: </span>
              {bloodType}
            </span>
          )}
          {recent && (
            <span className="tag tag--recent" title={t('card.recentHint')}>
              {t('card.recent')}
            </span>
          )}
        </div>
      )}
      <dl className="patient-card__facts">
        <div className="patient-card__fact">
          <dt>
            <CalendarIcon />
            {t(appointment.kind === 'next' ? 'card.nextAppointment' : 'card.lastAppointment')}
          </dt>
          <dd>{appointmentDay && appointment.date ? <time dateTime={appointment.date}>{appointmentDay}</time> : t('common:notAvailable')}</dd>
        </div>
        <div className="patient-card__fact">
          <dt>{t('card.appointments')}</dt>
          <dd>{patient.appointmentCount}</dd>
        </div>
      </dl>
      {menuOpen && (
        <div className="patient-card__menu" data-no-long-press>
          <ContextMenu
            id={menuId}
            label={t('card.actionsFor', { name: fullName })}
            onClose={closeMenu}
            items={[{ id: 'unlink', label: t('card.unlink'), icon: <UnlinkIcon />, danger: true, onSelect: onUnlink }]}
          />
        </div>
      )}
    </article>
  );
}
