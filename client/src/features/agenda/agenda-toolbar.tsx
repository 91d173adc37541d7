// The agenda's controls: day or week (a pair of toggle buttons), and back, today and forward by
// the view's length. Icon-only buttons carry their label; the range they lead to is announced by
// the page (agenda-page's live heading), not here.
import { useTranslation } from 'react-i18next';
import { ChevronIcon } from '../../components/icons';
import type { AgendaView } from './agenda-dates';

interface AgendaToolbarProps {
  view: AgendaView;
  onViewChange: (view: AgendaView) => void;
  onStep: (direction: 1 | -1) => void;
  onToday: () => void;
  /** Whether what shows already holds today, when the today button has nothing to do. */
  showsToday: boolean;
}

export function AgendaToolbar({ view, onViewChange, onStep, onToday, showsToday }: AgendaToolbarProps) {
  const { t } = useTranslation('agenda');
  const views: AgendaView[] = ['day', 'week'];
  return (
    <div className="agenda-toolbar">
      <div role="group" aria-label={t('views.label')} className="agenda-toolbar__views">
        {views.map((option) => (
          <button
            key={option}
            type="button"
            className="agenda-toolbar__view"
            aria-pressed={view === option}
            onClick={() => onViewChange(option)}
          >
            {t(`views.${option}`)}
          </button>
        ))}
      </div>
      <div role="group" aria-label={t('nav.label')} className="agenda-toolbar__nav">
        <button
          type="button"
          className="icon-button agenda-toolbar__step agenda-toolbar__step--back"
          aria-label={t(view === 'day' ? 'nav.previousDay' : 'nav.previousWeek')}
          onClick={() => onStep(-1)}
        >
          <ChevronIcon />
        </button>
        {/* Not disabled when today already shows: a disabled button would drop the focus it holds. */}
        <button type="button" className="button button--secondary button--small" aria-disabled={showsToday} onClick={onToday}>
          {t('nav.today')}
        </button>
        <button
          type="button"
          className="icon-button agenda-toolbar__step agenda-toolbar__step--forward"
          aria-label={t(view === 'day' ? 'nav.nextDay' : 'nav.nextWeek')}
          onClick={() => onStep(1)}
        >
          <ChevronIcon />
        </button>
      </div>
    </div>
  );
}
