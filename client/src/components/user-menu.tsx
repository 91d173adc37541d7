// The avatar button and its dropdown (SPEC §2 "Shared header"). The panel holds text as well as
// buttons, so it is a small non-modal dialog rather than an ARIA menu: Tab moves through it,
// Escape or a click outside closes it and focus returns to the avatar. Its links lead to the
// account pages each kind of user has: everyone's password and second factors, a medic's profile, the
// administrator's page.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { User } from '../../../shared/auth';
import { Avatar, initialsOf } from './avatar';
import { LanguageSwitch } from './language-switch';

interface UserMenuProps {
  user: User;
  onLogout: () => void;
  loggingOut?: boolean;
}

export function UserMenu({ user, onLogout, loggingOut = false }: UserMenuProps) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const titleId = useId();
  const fullName = `${user.name} ${user.lname}`.trim();
  const links = [
    { href: '/change-password', label: t('header.changePassword'), shown: true },
    { href: '/security', label: t('header.security'), shown: true },
    { href: '/profile', label: t('header.profile'), shown: user.type === 'medic' },
    { href: '/admin', label: t('header.admin'), shown: user.isAdmin },
  ].filter((link) => link.shown);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('a[href], button')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__trigger"
        // The initials it shows lead its name, so the visible label is part of it (WCAG 2.5.3).
        aria-label={`${initialsOf(user.name, user.lname)} ${t('header.openUserMenu')}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <Avatar name={user.name} lname={user.lname} />
      </button>
      {open && (
        <div id={panelId} ref={panelRef} className="popover-surface user-menu__panel" role="dialog" aria-labelledby={titleId}>
          <div className="user-menu__identity">
            <Avatar name={user.name} lname={user.lname} size="lg" />
            <div className="user-menu__who">
              <p id={titleId} className="user-menu__name">
                {fullName}
              </p>
              <span className={`badge badge--${user.type}`}>{t(`userTypes.${user.type}`)}</span>
              <p className="user-menu__email">{user.email}</p>
            </div>
          </div>
          <nav aria-label={t('header.account')}>
            {links.map((link) => (
              // The header outlives the page below it, so the panel has to close by itself.
              <Link key={link.href} href={link.href} className="plain-button context-menu__item" onClick={() => setOpen(false)}>
                {link.label}
              </Link>
            ))}
          </nav>
          <div className="user-menu__section">
            <span className="user-menu__label">{t('header.language')}</span>
            <LanguageSwitch />
          </div>
          <button type="button" className="button button--secondary user-menu__logout" onClick={onLogout} disabled={loggingOut}>
            {t('header.logout')}
          </button>
        </div>
      )}
    </div>
  );
}
