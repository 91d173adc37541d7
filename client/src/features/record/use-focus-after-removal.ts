// Where focus goes once an item of a record list is deleted (issue 14, rough edge 8). The delete
// button pressed is gone with its item, and focus left on a removed element falls back to <body>,
// so a keyboard or screen-reader user would start over from the top of the page. Instead focus
// moves to the item that took its place (the next), else the one before, else, when the list is
// now empty, the section's add button or its heading.
import { useCallback, useEffect, useRef } from 'react';

interface Pending {
  id: number;
  index: number;
  section: HTMLElement | null;
}

/** `ids` are the ids of the items shown, in order; put `listRef` on the list's <ul>. */
export function useFocusAfterRemoval(ids: readonly number[]) {
  const listRef = useRef<HTMLUListElement>(null);
  const pending = useRef<Pending | null>(null);

  /** Call when the deletion of `id` is confirmed; `cancel` when it failed and the item stays. */
  const removing = useCallback(
    (id: number) => {
      pending.current = { id, index: ids.indexOf(id), section: listRef.current?.closest('section') ?? null };
    },
    [ids],
  );
  const cancel = useCallback(() => {
    pending.current = null;
  }, []);

  useEffect(() => {
    const removal = pending.current;
    if (!removal || ids.includes(removal.id)) return;
    pending.current = null;
    const rows = [...(listRef.current?.children ?? [])];
    const row = rows[Math.min(removal.index, rows.length - 1)];
    const target =
      row?.querySelector<HTMLElement>('button, a[href]') ??
      removal.section?.querySelector<HTMLElement>('.record-section__actions button') ??
      removal.section?.querySelector<HTMLElement>('h2 button');
    target?.focus();
  }, [ids]);

  return { listRef, removing, cancel };
}
