export function initialsOf(name: string, lname: string): string {
  const first = name.trim().charAt(0);
  const last = lname.trim().charAt(0);
  return (first + last).toLocaleUpperCase() || '?';
}

/** Initials in a circle; the full name is always shown or announced next to it. */
export function Avatar({ name, lname, size = 'md' }: { name: string; lname: string; size?: 'md' | 'lg' }) {
  return (
    <span className={`avatar avatar--${size}`} aria-hidden="true">
      {initialsOf(name, lname)}
    </span>
  );
}
