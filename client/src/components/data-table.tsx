// A table of rows under column headings, in the box that scrolls sideways when the table is wider
// than the window (table-scroll.tsx). The label names the scroll region, and the table too: by an
// aria-label, or by a caption only assistive technology reads where the table's CSS wants one.
import type { ReactNode } from 'react';
import { TableScroll } from './table-scroll';

interface DataTableProps {
  /** What the table holds. */
  label: string;
  /** How the table itself carries the label; 'region' leaves it to the scroll region alone. */
  namedBy: 'aria-label' | 'caption' | 'region';
  headings: readonly string[];
  className: string;
  /** Said while the table shows the previous answer and the next one is on its way. */
  busy?: boolean;
  /** The table's body or bodies. */
  children: ReactNode;
}

export function DataTable({ label, namedBy, headings, className, busy, children }: DataTableProps) {
  return (
    <TableScroll label={label} busy={busy}>
      <table className={className} aria-label={namedBy === 'aria-label' ? label : undefined}>
        {namedBy === 'caption' && <caption className="visually-hidden">{label}</caption>}
        <thead>
          <tr>
            {headings.map((heading, index) => (
              <th key={index} scope="col">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        {children}
      </table>
    </TableScroll>
  );
}
