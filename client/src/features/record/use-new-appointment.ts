// The appointment history's inline "new appointment" form, which the record's toolbar opens too. The
// toolbar sits far above the form, so opening from there also moves focus into its first field:
// the browser scrolls it into view, and a keyboard or screen reader user lands where the typing goes.
import { useEffect, useRef, useState } from 'react';
import { useInlineAdd } from './use-inline-add';

export function useNewAppointment() {
  const inline = useInlineAdd();
  /** Holds the form, so its first field can be found once it shows. */
  const formRef = useRef<HTMLDivElement>(null);
  // A count rather than a flag: asking again while the form is already open still moves focus.
  const [reveals, setReveals] = useState(0);
  useEffect(() => {
    if (reveals > 0) formRef.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, [reveals]);
  const reveal = () => {
    inline.startAdding();
    setReveals((count) => count + 1);
  };
  return { ...inline, formRef, reveal };
}

export type NewAppointment = ReturnType<typeof useNewAppointment>;
