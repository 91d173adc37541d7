// A record section whose heading is a disclosure button (aria-expanded, aria-controls) carrying the
// section's title and item count (SPEC §2 "Collapsible sections"). Every section starts open. The
// actions (an add button) sit beside the heading, outside the button, so they stay reachable.
import { useId, useState, type ReactNode } from 'react';
import { ChevronIcon } from './icons';

interface CollapsibleSectionProps {
  title: string;
  count: number;
  actions?: ReactNode;
  children: ReactNode;
  /** Lets an action (add) reopen a closed section. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

export function CollapsibleSection({ title, count, actions, children, open: controlledOpen, onOpenChange }: CollapsibleSectionProps) {
  const [ownOpen, setOwnOpen] = useState(true);
  const open = controlledOpen ?? ownOpen;
  const id = useId();
  const bodyId = `${id}-body`;
  const headingId = `${id}-heading`;
  const toggle = () => {
    setOwnOpen(!open);
    onOpenChange?.(!open);
  };
  return (
    <section className="record-section card" aria-labelledby={headingId}>
      <div className="record-section__header">
        <h2 id={headingId} className="record-section__heading">
          <button type="button" className="plain-button record-section__toggle" aria-expanded={open} aria-controls={bodyId} onClick={toggle}>
            <span className={open ? 'record-section__chevron record-section__chevron--open' : 'record-section__chevron'}>
              <ChevronIcon />
            </span>
            <span className="record-section__title">{title}</span>{' '}
            <span className="record-section__count">
              <span className="visually-hidden">(</span>
              {count}
              <span className="visually-hidden">)</span>
            </span>
          </button>
        </h2>
        {actions && <div className="record-section__actions">{actions}</div>}
      </div>
      <div id={bodyId} className="record-section__body" hidden={!open}>
        {children}
      </div>
    </section>
  );
}
