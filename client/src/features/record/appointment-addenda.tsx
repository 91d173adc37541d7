// The addenda under an appointment's note, oldest first, each under its own line naming it an
// addendum with its date, time and author, so the original note above stays as it was written and
// every later word is seen as later (NOM-004-SSA3-2012). They are read only: nothing edits or
// deletes an addendum.
import { useTranslation } from 'react-i18next';
import type { Addendum } from '../../../../shared/prescriptions';
import { useFormatters } from '../../lib/use-formatters';

/** In the order they were written, whatever order they came in. */
const inOrder = (addenda: readonly Addendum[]) => [...addenda].sort((a, b) => a.at.localeCompare(b.at) || a.idAddendum - b.idAddendum);

export function AppointmentAddenda({ addenda }: { addenda: readonly Addendum[] }) {
  const { t } = useTranslation('prescriptions');
  const format = useFormatters();
  if (addenda.length === 0) return null;
  return (
    <section className="appointment-addenda" aria-label={t('addenda.title')}>
      <h3 className="appointment-addenda__title">{t('addenda.title')}</h3>
      <ol className="appointment-addenda__list">
        {inOrder(addenda).map((addendum) => (
          <li key={addendum.idAddendum} className="appointment-addenda__item">
            <p className="appointment-addenda__byline">
              {t('addenda.byline', { when: format.moment(addendum.at), author: `${addendum.medic.name} ${addendum.medic.lname}` })}
            </p>
            <p className="appointment-note__text">{addendum.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
