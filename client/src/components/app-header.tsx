// The bar on every signed-in page: the app name (or a back button when a page asks for one) and
// the user menu.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { User } from '../../../shared/auth';
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
        <UserMenu user={user} onLogout={onLogout} loggingOut={loggingOut} />
      </div>
    </header>
  );
}
