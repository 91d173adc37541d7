// Says, while the times are chosen, which appointments of that day the new times would overlap.
// It informs and never blocks: the save button stays as it was.
import { useTranslation } from 'react-i18next';
import type { AgendaItem } from '../../../../shared/agenda';
import type { AgendaFormats } from './use-agenda-formats';

export function OverlapWarning({ overlaps, format }: { overlaps: AgendaItem[]; format: AgendaFormats }) {
  const { t, i18n } = useTranslation('agenda');
  const names = overlaps.map((item) => `${format.slot(item)} ${item.patient.name} ${item.patient.lname}`.trim());
  const list = new Intl.ListFormat(i18n.resolvedLanguage ?? i18n.language, { type: 'conjunction' }).format(names);
  // Always in the page, so a screen reader hears it when it fills in (a live region added with its text may be missed).
  return (
    <div className="agenda-overlap" role="status">
      {overlaps.length > 0 && (
        <p className="agenda-overlap__text">
          <strong>{t('overlap', { count: overlaps.length, list })}</strong> {t('overlapHint')}
        </p>
      )}
    </div>
  );
}
