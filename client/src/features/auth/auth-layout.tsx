// The frame of the two public pages: brand and language buttons on top, one card in the middle.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo';
import { LanguageSwitch } from '../../components/language-switch';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link';
import './auth.css';
import './auth-contrast.css';

interface AuthLayoutProps {
  heading: string;
  subtitle: string;
  children: ReactNode;
  footer: ReactNode;
}

export function AuthLayout({ heading, subtitle, children, footer }: AuthLayoutProps) {
  const { t } = useTranslation('common');
  return (
    <div className="auth">
      <SkipLink />
      <header className="auth__top">
        <div className="auth__brand">
          <Logo size={36} />
          <div>
            <p className="auth__name">{t('appName')}</p>
            <p className="auth__tagline">{t('tagline')}</p>
          </div>
        </div>
        <LanguageSwitch />
      </header>
      <main className="auth__main" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <section className="card auth__card" aria-labelledby="auth-heading">
          <h1 id="auth-heading" className="auth__heading">
            {heading}
          </h1>
          <p className="auth__subtitle">{subtitle}</p>
          {children}
          <p className="auth__footer">{footer}</p>
        </section>
      </main>
    </div>
  );
}
