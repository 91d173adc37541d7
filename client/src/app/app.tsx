import type { i18n as I18n } from 'i18next';
import type { PracticeLock } from '../features/practice-lock/practice-lock';
import { AppProviders } from './providers';
import { AppRoutes } from './routes';

/** `practiceLock`: the practice is locked, or new, as the page says (main.tsx); null when it is open. */
export function App({ i18n, practiceLock = null }: { i18n: I18n; practiceLock?: PracticeLock | null }) {
  return (
    <AppProviders i18n={i18n} practiceLock={practiceLock}>
      <AppRoutes />
    </AppProviders>
  );
}
