// The bar on every signed-in page: the app name (or a back button when a page asks for one), a
// medic's link to the agenda, and the user menu.
import { useTranslation } from 'react-i18next';
import { Link, useRoute } from 'wouter';
import type { User } from '../../../shared/auth';
import { CalendarIcon } from './icons';
import { Logo } from './logo';
import { UserMenu } from './user-menu';

interface AppHeaderProps {
  user: User;
  onLogout: () => void;
  loggingOut?: boolean;
  /** Pages below the home page show a back button instead of the app name. */
  showBack?: boolean;
}

export function AppHeader({ user, onLogout, loggingOut, showBack = false }: AppHeaderProps) {
  const { t } = useTranslation('common');
  const [onAgenda] = useRoute('/agenda');
  return (
    <header className="app-header">
      <div className="app-header__inner">
        {showBack ? (
          <button type="button" className="button button--ghost app-header__back" onClick={() => window.history.back()}>
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M15 18l-6-6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            {t('header.back')}
          </button>
        ) : (
          <Link href="/dashboard" className="app-header__brand" aria-label={t('header.homeLink')}>
            <Logo />
            <span className="app-header__name">{t('appName')}</span>
          </Link>
        )}
        <div className="app-header__end">
          {/* The medic's other place besides their patients: the agenda, one step from anywhere. */}
          {user.type === 'medic' && (
            <nav aria-label={t('header.sections')}>
              <Link href="/agenda" className="button button--ghost app-header__link" aria-current={onAgenda ? 'page' : undefined}>
                <CalendarIcon />
                {t('header.agenda')}
              </Link>
            </nav>
          )}
          <UserMenu user={user} onLogout={onLogout} loggingOut={loggingOut} />
        </div>
      </div>
    </header>
  );
}
