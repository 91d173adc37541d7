// The medic's agenda (/agenda): today first, a day or a week at a time, back and forth; each
// appointment opens its record, and one of today or later can be moved or cancelled. "New
// appointment" books one with any of the medic's own patients. One read per range shown.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgendaItem } from '../../../shared/agenda';
import { localDay } from '../../../shared/dates';
import { confirmAction } from '../components/confirm';
import { PlusIcon } from '../components/icons';
import { Spinner } from '../components/spinner';
import { daysOf, isWithin, rangeOf, stepFrom, type AgendaView } from '../features/agenda/agenda-dates';
import { AgendaDays } from '../features/agenda/agenda-days';
import { AgendaToolbar } from '../features/agenda/agenda-toolbar';
import { BookAppointmentDialog } from '../features/agenda/book-appointment-dialog';
import { MoveAppointmentDialog } from '../features/agenda/move-appointment-dialog';
import { useCancelAppointment } from '../features/agenda/use-agenda-actions';
import { useAgendaFormats } from '../features/agenda/use-agenda-formats';
import { translateApiError } from '../lib/translate-error';
import { trpc } from '../lib/trpc';
import { useDocumentTitle } from '../lib/use-document-title';
import '../features/agenda/agenda.css';
import { LoadFailed } from '../components/load-failed';

type Dialog = { kind: 'book' } | { kind: 'move'; appointment: AgendaItem } | null;

export function AgendaPage() {
  const { t } = useTranslation('agenda');
  useDocumentTitle(t('title'));
  const format = useAgendaFormats();
  const today = localDay(new Date());
  const [view, setView] = useState<AgendaView>('day');
  const [day, setDay] = useState(today);
  const [dialog, setDialog] = useState<Dialog>(null);
  const range = rangeOf(view, day);
  const agenda = trpc.medics.agenda.useQuery(range);
  const appointments = agenda.data?.appointments;
  const cancel = useCancelAppointment();

  const askToCancel = (appointment: AgendaItem) => {
    const name = `${appointment.patient.name} ${appointment.patient.lname}`.trim();
    if (!confirmAction(t('item.cancelConfirm', { name, when: format.when(appointment) }))) return;
    if (!cancel.isPending) cancel.mutate(appointment);
  };
  // After a booking or a move, the agenda goes to that day, in the same view.
  const show = (target: string) => setDay(target);

  return (
    <section className="page-section agenda" aria-labelledby="agenda-title">
      <div className="agenda__header">
        <div>
          <h1 id="agenda-title" className="page-title">
            {t('title')}
          </h1>
          {/* Announced when it changes, so stepping by keyboard says where it went. */}
          <p className="page-subtitle" aria-live="polite">
            {t('showing', { range: format.range(range) })}
          </p>
        </div>
        <button type="button" className="button button--primary" onClick={() => setDialog({ kind: 'book' })}>
          <PlusIcon />
          {t('book.open')}
        </button>
      </div>
      <AgendaToolbar
        view={view}
        onViewChange={setView}
        onStep={(direction) => setDay(stepFrom(view, day, direction))}
        onToday={() => setDay(today)}
        showsToday={isWithin(today, range)}
      />
      {agenda.isError && !agenda.data ? (
        <LoadFailed message={t('loadFailed')} reason={translateApiError(t, agenda.error, 'network')} retryLabel={t('retry')} onRetry={() => void agenda.refetch()} />
      ) : appointments === undefined ? (
        <Spinner />
      ) : (
        <AgendaDays
          days={daysOf(range)}
          appointments={appointments}
          today={today}
          format={format}
          onMove={(appointment) => setDialog({ kind: 'move', appointment })}
          onCancel={askToCancel}
        />
      )}
      {dialog?.kind === 'book' && (
        <BookAppointmentDialog
          today={today}
          defaultDay={day < today ? today : day}
          shown={{ range, appointments }}
          format={format}
          onBooked={show}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'move' && (
        <MoveAppointmentDialog
          appointment={dialog.appointment}
          today={today}
          shown={{ range, appointments }}
          format={format}
          onMoved={show}
          onClose={() => setDialog(null)}
        />
      )}
    </section>
  );
}
