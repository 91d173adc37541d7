// A titled card of a page (the patient's dashboard, administration, security): the section is named
// by its heading for assistive technology, with an intro under it and, beside the heading, the
// section's own actions (an "Add" button) when it has any.
import { useId, type ReactNode } from 'react';

interface CardSectionProps {
  title: ReactNode;
  /**
   * The heading's id, where something else names the section by it (a list labelled by the same
   * heading, a journey that checks the section); otherwise one is made.
   */
  titleId?: string;
  intro?: ReactNode;
  /** Shown beside the heading. */
  actions?: ReactNode;
  /** The section's own class, for what is particular to it. */
  className?: string;
  children?: ReactNode;
}

export function CardSection({ title, titleId, intro, actions, className, children }: CardSectionProps) {
  const madeId = useId();
  const headingId = titleId ?? madeId;
  const heading = (
    <h2 id={headingId} className="dashboard-section__title">
      {title}
    </h2>
  );
  return (
    <section className={className ? `card dashboard-section ${className}` : 'card dashboard-section'} aria-labelledby={headingId}>
      {actions === undefined ? (
        heading
      ) : (
        <div className="dashboard-section__head">
          {heading}
          {actions}
        </div>
      )}
      {intro !== undefined && <p className="dashboard-section__intro">{intro}</p>}
      {children}
    </section>
  );
}
