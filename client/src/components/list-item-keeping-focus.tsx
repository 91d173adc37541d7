// A list item that can be deleted while one of its controls holds focus (a record item's delete
// button): when it leaves, focus goes to the same control of the item that took its place, else
// the one before, else the nearest control of its section (use-keep-focus-on-removal), never <body>.
import { useRef, type ReactNode } from 'react';
import { useKeepFocusOnRemoval } from './use-keep-focus-on-removal';

export function ListItemKeepingFocus({ className, children }: { className: string; children: ReactNode }) {
  const ref = useRef<HTMLLIElement>(null);
  useKeepFocusOnRemoval(ref);
  return (
    <li ref={ref} className={className}>
      {children}
    </li>
  );
}
