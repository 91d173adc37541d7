// One linked doctor. Pressing and holding the card for 500 ms opens its menu (SPEC §2); so do the
// visible ⋮ button, the ContextMenu key and Shift+F10, so that unlinking never needs a pointer.
import { useId, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../components/avatar';
import { ContextMenu, type MenuCloseReason } from '../../components/context-menu';
import { MoreIcon, UnlinkIcon } from '../../components/icons';
import { useLongPress } from '../../components/use-long-press';
import type { Doctor } from './types';

interface DoctorCardProps {
  doctor: Doctor;
  menuOpen: boolean;
  onOpenMenu: () => void;
  onCloseMenu: () => void;
  onUnlink: () => void;
}

/** The menu button and the menu itself never start a long press. */
const NO_LONG_PRESS = '[data-no-long-press]';

export function DoctorCard({ doctor, menuOpen, onOpenMenu, onCloseMenu, onUnlink }: DoctorCardProps) {
  const { t } = useTranslation('dashboard');
  const baseId = useId();
  const menuId = `${baseId}-menu`;
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const name = `${doctor.name} ${doctor.lname}`.trim();
  const longPress = useLongPress(onOpenMenu, { ignore: NO_LONG_PRESS });

  const closeMenu = (reason: MenuCloseReason) => {
    onCloseMenu();
    // After Escape or a choice, focus would otherwise fall to <body>.
    if (reason === 'escape' || reason === 'select') menuButtonRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ContextMenu' || (event.shiftKey && event.key === 'F10')) {
      event.preventDefault();
      onOpenMenu();
    }
  };
  // A right-click or a touch long press on Android arrives as 'contextmenu': this card's menu
  // answers it instead of the browser's.
  const onContextMenu = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as Element).closest('[role="menu"]')) return;
    event.preventDefault();
    if (!menuOpen) onOpenMenu();
  };

  return (
    <article
      className={menuOpen ? 'doctor-card doctor-card--menu-open' : 'doctor-card'}
      aria-labelledby={`${baseId}-name`}
      {...longPress}
      onKeyDown={onKeyDown}
      onContextMenu={onContextMenu}
    >
      <div className="doctor-card__head">
        <Avatar name={doctor.name} lname={doctor.lname} />
        <div className="doctor-card__who">
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
        <button
          ref={menuButtonRef}
          type="button"
          className="icon-button"
          aria-label={t('doctors.actionsFor', { name })}
          aria-haspopup="menu"
          aria-expanded={menuOpen}
          aria-controls={menuOpen ? menuId : undefined}
          data-no-long-press
          onClick={() => (menuOpen ? onCloseMenu() : onOpenMenu())}
        >
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
