// The top of the patient's dashboard (SPEC §2 "Header"): initials, a welcome by name, the contact
// details on file and a sign-out button of its own, besides the one in the user menu. A heading, not
// a card, and kept short: the appointments still ahead come right under it, on the first screen.
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../components/avatar';
import { shownAddress, shownPhone } from '../../lib/stored-defaults';

export interface DashboardPerson {
  name: string;
  lname: string;
  email: string;
  phone: string | null;
  address: string | null;
}

interface DashboardHeaderProps {
  person: DashboardPerson;
  onLogout: () => void;
  loggingOut: boolean;
}

export function DashboardHeader({ person, onLogout, loggingOut }: DashboardHeaderProps) {
  const { t } = useTranslation(['dashboard', 'common']);
  const orNotAvailable = (value: string | null) => (value && value.trim() ? value : t('common:notAvailable'));
  return (
    <header className="dashboard-header">
      <Avatar name={person.name} lname={person.lname} size="lg" />
      <div className="dashboard-header__body">
        <h1 id="dashboard-title" className="page-title">
          {t('common:patientHome.welcome', { name: person.name })}
        </h1>
        <p className="page-subtitle">
          {person.name} {person.lname}
        </p>
        <dl className="dashboard-header__contact">
          <div>
            <dt>{t('header.email')}</dt>
            <dd>{orNotAvailable(person.email)}</dd>
          </div>
          <div>
            <dt>{t('header.phone')}</dt>
            <dd>{orNotAvailable(shownPhone(t, person.phone))}</dd>
          </div>
          <div>
            <dt>{t('header.address')}</dt>
            <dd>{orNotAvailable(shownAddress(t, person.address))}</dd>
          </div>
        </dl>
      </div>
      <button type="button" className="button button--secondary button--small dashboard-header__logout" onClick={onLogout} disabled={loggingOut}>
        {t('common:header.logout')}
      </button>
    </header>
  );
}
