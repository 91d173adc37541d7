// One person in a list of people (search results, link requests): their avatar, a line naming them,
// a line of details (email, when a request was sent) and, after them, what can be done.
import type { ReactNode } from 'react';
import { Avatar } from './avatar';

interface PersonItemProps {
  person: { name: string; lname: string };
  /** The line that names them ("Ana Ruiz", "Ana Ruiz asks to see your record"). */
  title: ReactNode;
  /** Each shown in its own span; empty ones are left out. */
  details: readonly ReactNode[];
  /** The actions, or a tag saying why there are none. */
  children?: ReactNode;
}

export function PersonItem({ person, title, details, children }: PersonItemProps) {
  return (
    <li className="result-list__item">
      <Avatar name={person.name} lname={person.lname} />
      <div className="result-list__who">
        <p className="result-list__name">{title}</p>
        <p className="result-list__meta">
          {details.map((detail, index) => detail !== null && detail !== undefined && detail !== false && detail !== '' && <span key={index}>{detail}</span>)}
        </p>
      </div>
      {children}
    </li>
  );
}
