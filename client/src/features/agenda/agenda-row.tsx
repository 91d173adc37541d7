// One appointment of the agenda: when it runs, who it is with (the name opens the record, the age
// is counted here from the birth date, and left out without one), why, and whether it is still
// open. Today's opens its consultation in the record; one of today or later that is still open can be
// moved or cancelled (API.md: past days stay as written; a consultation already held and closed is
// not offered to move or cancel, which would only be refused once the form was filled).
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { AgendaItem } from '../../../../shared/agenda';
import { ListItemKeepingFocus } from '../../components/list-item-keeping-focus';
import { ageText } from '../../lib/age-text';
import type { AgendaFormats } from './use-agenda-formats';

interface AgendaRowProps {
  item: AgendaItem;
  today: string;
  format: AgendaFormats;
  onMove: (item: AgendaItem) => void;
  onCancel: (item: AgendaItem) => void;
}

export function AgendaRow({ item, today, format, onMove, onCancel }: AgendaRowProps) {
  const { t } = useTranslation('agenda');
  const name = `${item.patient.name} ${item.patient.lname}`.trim();
  // Counted here, to the browser's today, as everywhere the app shows an age.
  const age = ageText(t, item.patient.birthDate, today);
  const time = format.time(item.start);
  const changeable = item.date.slice(0, 10) >= today && !item.closed;
  const isToday = item.date.slice(0, 10) === today;
  return (
    <ListItemKeepingFocus className="agenda-item">
      <time className="agenda-item__time" dateTime={item.date}>
        {format.slot(item)}
      </time>
      <div className="agenda-item__body">
        <p className="agenda-item__who">
          <Link href={`/medic/patient/${item.idPatient}`} className="agenda-item__patient">
            {name}
          </Link>
          {age && <span className="agenda-item__age">{age}</span>}
        </p>
        <p className="agenda-item__motive">{item.motive}</p>
      </div>
      <span className={item.closed ? 'tag tag--muted agenda-item__status' : 'tag tag--open agenda-item__status'}>
        {t(item.closed ? 'item.closed' : 'item.open')}
      </span>
      {(isToday || changeable) && (
        <div className="agenda-item__actions">
          {/* Today's consultation straight from the agenda: the record opens on its details (note, vital
              signs, prescription), not seven screens above it. */}
          {isToday && (
            <Link
              href={`/medic/patient/${item.idPatient}?consultation=${item.idHistory}`}
              className="button button--primary button--small"
              aria-label={t('item.openConsultationNamed', { name, time })}
            >
              {t('item.openConsultation')}
            </Link>
          )}
          {changeable && (
            <>
              <button
                type="button"
                className="button button--secondary button--small"
                aria-label={t('item.moveNamed', { name, time })}
                onClick={() => onMove(item)}
              >
                {t('item.move')}
              </button>
              <button
                type="button"
                className="button button--ghost button--small agenda-item__cancel"
                aria-label={t('item.cancelNamed', { name, time })}
                onClick={() => onCancel(item)}
              >
                {t('item.cancel')}
              </button>
            </>
          )}
        </div>
      )}
    </ListItemKeepingFocus>
  );
}
