// One record item as it reads anywhere: its name, a tag, its labelled lines, and (in the medic's
// editable record) its actions at the side. The record's sections draw their items with it, with or
// without those actions; ReadOnlyItemList is a whole list of them, as the patient's own lists show them.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { present, type ItemFact } from '../lib/item-facts';
import type { ItemTag, ItemView } from '../lib/item-views';
import { useFormatters } from '../lib/use-formatters';
import './record-item.css';

/** Labelled lines, "Reaction: Urticaria"; a line with an href is a link (a contact's phone). */
export function ItemFacts({ facts }: { facts: readonly ItemFact[] }) {
  if (facts.length === 0) return null;
  return (
    <dl className="record-item__facts">
      {facts.map((fact) => (
        <div key={fact.label} className="record-item__fact">
          <dt>{fact.label}</dt>
          <dd>{fact.href ? <a href={fact.href}>{fact.value}</a> : fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ItemTagBadge({ tag }: { tag: ItemTag }) {
  return (
    <span className={`tag tag--${tag.tone}`}>
      <span className="visually-hidden">{tag.label}: </span>
      {tag.text}
    </span>
  );
}

interface RecordItemProps {
  name: string;
  tag?: ItemTag | null;
  facts: readonly ItemFact[];
  /** Edit and delete buttons, in the medic's record. */
  actions?: ReactNode;
}

export function RecordItem({ name, tag, facts, actions }: RecordItemProps) {
  return (
    <div className="record-item">
      <div className="record-item__main">
        <p className="record-item__name">
          <span>{name}</span>
          {tag && <ItemTagBadge tag={tag} />}
        </p>
        <ItemFacts facts={facts} />
      </div>
      {actions && <div className="record-item__actions">{actions}</div>}
    </div>
  );
}

/** The record item of `item` as `view` reads it, with the record's texts. */
export function useItemReading<Item>(view: ItemView<Item>) {
  const { t } = useTranslation('record');
  const format = useFormatters();
  return (item: Item) => ({
    name: view.nameOf(item, format, t),
    tag: view.tagOf?.(item, t) ?? null,
    facts: present(view.factsOf(item, format, t)),
  });
}

interface ReadOnlyItemListProps<Item> {
  view: ItemView<Item>;
  items: readonly Item[];
  /** The list's accessible name, usually its heading's text. */
  label: string;
}

export function ReadOnlyItemList<Item>({ view, items, label }: ReadOnlyItemListProps<Item>) {
  const read = useItemReading(view);
  return (
    <ul className="record-list" aria-label={label}>
      {items.map((item) => (
        <li key={view.idOf(item)} className="record-list__item">
          <RecordItem {...read(item)} />
        </li>
      ))}
    </ul>
  );
}
