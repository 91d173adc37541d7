// "Today: N appointments" on the medic's home, leading to the agenda. Its read goes out in the
// same batch as the home's own (tRPC batches the queries of one render), so the home stays one
// request; until it answers, and if it fails, the link reads plainly "Agenda".
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { localDay } from '../../../../shared/dates';
import { CalendarIcon } from '../../components/icons';
import { trpc } from '../../lib/trpc';
import './today-link.css';

export function TodayLink() {
  const { t } = useTranslation('agenda');
  const today = localDay(new Date());
  const agenda = trpc.medics.agenda.useQuery({ from: today, to: today });
  const count = agenda.data?.appointments.length;
  return (
    <Link href="/agenda" className="button button--secondary today-link">
      <CalendarIcon />
      {count === undefined ? t('title') : t('todayLink', { count })}
    </Link>
  );
}
