import { Suspense, type ReactNode } from 'react';
import type { User } from '../../../shared/auth';
import { AppHeader } from '../components/app-header';
import { MAIN_CONTENT_ID, SkipLink } from '../components/skip-link';
import { Spinner } from '../components/spinner';
import { IdleSignOut } from '../features/auth/idle-sign-out';
import { useLogout } from '../features/auth/use-logout';

/** Header on top, the page below; the header stays put while a page's code loads. */
export function SignedInLayout({ user, showBack, children }: { user: User; showBack: boolean; children: ReactNode }) {
  const { logout, isPending } = useLogout();
  return (
    <div className="app">
      <SkipLink />
      <AppHeader user={user} showBack={showBack} onLogout={() => void logout()} loggingOut={isPending} />
      <main className="page" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Suspense fallback={<Spinner />}>{children}</Suspense>
      </main>
      <IdleSignOut askServer={!user.mustChangePassword} />
    </div>
  );
}
