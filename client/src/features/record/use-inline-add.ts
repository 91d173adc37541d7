// The state of a record section with an inline add form: whether the section is open and whether
// the form shows. Starting to add reopens a collapsed section, so the form is never hidden.
import { useState } from 'react';

export function useInlineAdd() {
  const [open, setOpen] = useState(true);
  const [adding, setAdding] = useState(false);
  const startAdding = () => {
    setOpen(true);
    setAdding(true);
  };
  return { open, setOpen, adding, startAdding, stopAdding: () => setAdding(false) };
}
