// One linked doctor. Pressing and holding the card for 500 ms opens its menu (SPEC §2); so do the
// visible ⋮ button, the ContextMenu key and Shift+F10, so that unlinking never needs a pointer.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../components/avatar';
import { ContextMenu } from '../../components/context-menu';
import { MoreIcon, UnlinkIcon } from '../../components/icons';
import { useCardMenu } from '../../components/use-card-menu';
import type { Doctor } from '../../lib/api-types';

interface DoctorCardProps {
  doctor: Doctor;
  menuOpen: boolean;
  onOpenMenu: () => void;
  onCloseMenu: () => void;
  onUnlink: () => void;
}

export function DoctorCard({ doctor, menuOpen, onOpenMenu, onCloseMenu, onUnlink }: DoctorCardProps) {
  const { t } = useTranslation('dashboard');
  const baseId = useId();
  const { menuId, cardProps, menuButtonProps, closeMenu } = useCardMenu({ menuOpen, onOpenMenu, onCloseMenu });
  const name = `${doctor.name} ${doctor.lname}`.trim();

  return (
    <article
      className={menuOpen ? 'doctor-card doctor-card--menu-open' : 'doctor-card'}
      aria-labelledby={`${baseId}-name`}
      {...cardProps}
    >
      <div className="card-head doctor-card__head">
        <Avatar name={doctor.name} lname={doctor.lname} />
        <div className="card-head__main doctor-card__who">
          <h3 id={`${baseId}-name`} className="doctor-card__name">
            {name}
          </h3>
          <p className="doctor-card__meta">
            <a href={`mailto:${doctor.email}`} draggable={false}>
              {doctor.email}
            </a>
            {doctor.whatsapp && (
              <span>
                {t('doctors.whatsapp')}: {doctor.whatsapp}
              </span>
            )}
          </p>
        </div>
        <button type="button" className="icon-button" aria-label={t('doctors.actionsFor', { name })} {...menuButtonProps}>
          <MoreIcon />
        </button>
      </div>
      {doctor.about && <p className="doctor-card__about">{doctor.about}</p>}
      {menuOpen && (
        <div className="doctor-card__menu" data-no-long-press>
          <ContextMenu
            id={menuId}
            label={t('doctors.actionsFor', { name })}
            onClose={closeMenu}
            items={[{ id: 'unlink', label: t('doctors.unlink'), icon: <UnlinkIcon />, danger: true, onSelect: onUnlink }]}
          />
        </div>
      )}
    </article>
  );
}
