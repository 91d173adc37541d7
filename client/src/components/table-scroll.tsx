// The box of a table that may be wider than the window: it scrolls sideways inside itself, never the
// page, and as a named region in the Tab order the keyboard can reach and scroll it too.
import type { ReactNode } from 'react';

interface TableScrollProps {
  /** The region's name: what the table holds. */
  label: string;
  /** Said while the table shows the previous answer and the next one is on its way. */
  busy?: boolean;
  children: ReactNode;
}

export function TableScroll({ label, busy, children }: TableScrollProps) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0} aria-busy={busy}>
      {children}
    </div>
  );
}
