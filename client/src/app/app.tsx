import type { i18n as I18n } from 'i18next';
import { AppProviders } from './providers';
import { AppRoutes } from './routes';

export function App({ i18n }: { i18n: I18n }) {
  return (
    <AppProviders i18n={i18n}>
      <AppRoutes />
    </AppProviders>
  );
}
