// One editable sub-record list (allergies, pathological records, family history, vitals,
// vaccinations, emergency contacts): the collapsible section, its add button and inline add form, each item with inline
// edit and delete after a confirmation (SPEC §2, §5). Read-only (emergency access) shows the items
// with none of those controls. Each item reads as lib/item-views.ts says, as in the patient's lists.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CollapsibleSection } from '../../components/collapsible-section';
import { ShowMoreButton } from '../../components/show-more-button';
import { SHOW_MORE_STEP } from '../../../../shared/constants';
import { useShowMore } from '../../components/show-more';
import { AddButton } from './add-button';
import { RecordItem, useItemReading } from '../../components/record-item';
import type { CollectionConfig } from './collection-config';
import { toFormValues, type FormValues } from './field-spec';
import { ListItemKeepingFocus } from '../../components/list-item-keeping-focus';
import { ItemActions } from './item-actions';
import { ItemForm } from './item-form';
import { useInlineAdd } from './use-inline-add';
import { useRecordMutation } from './use-record-mutation';

interface CollectionSectionProps<Item> {
  config: CollectionConfig<Item>;
  idPatient: number;
  items: readonly Item[];
  readOnly?: boolean;
  /** How many the whole list holds, when the record carries only its newest (vital signs). */
  total?: number;
  /** What brings the rest of a long list (load-more.tsx), shown once every item here is. */
  more?: ReactNode;
}

export function CollectionSection<Item>({ config, idPatient, items, readOnly = false, total, more }: CollectionSectionProps<Item>) {
  const { t } = useTranslation('record');
  const read = useItemReading(config);
  const { open, setOpen, adding, startAdding, stopAdding } = useInlineAdd();
  const [editingId, setEditingId] = useState<number | null>(null);
  const shown = useShowMore(items, config.paged ? SHOW_MORE_STEP : Number.POSITIVE_INFINITY);

  const add = useRecordMutation((client, values: Record<string, unknown>) => config.add(client, idPatient, values), 'save');
  const update = useRecordMutation(
    (client, { itemId, values }: { itemId: number; values: Record<string, unknown> }) => config.update(client, idPatient, itemId, values),
    'save',
  );
  const remove = useRecordMutation((client, itemId: number) => config.remove(client, idPatient, itemId), 'delete');

  const emptyValues: FormValues = toFormValues(config.fields, null);
  const text = (name: string) => t(`${config.key}.${name}`);

  return (
    <CollapsibleSection
      title={text('title')}
      count={total ?? items.length}
      open={open}
      onOpenChange={setOpen}
      actions={readOnly ? undefined : <AddButton label={text('add')} adding={adding} onClick={startAdding} />}
    >
      {adding && !readOnly && (
        <ItemForm
          title={text('newTitle')}
          fields={config.fields}
          schema={config.schema}
          defaultValues={emptyValues}
          submitLabel={t('add')}
          onSubmit={async (values) => {
            await add.mutateAsync(values);
            stopAdding();
          }}
          onCancel={stopAdding}
        />
      )}
      {items.length === 0 && !adding && <p className="record-empty">{text('empty')}</p>}
      {items.length > 0 && (
        <ul className="record-list">
          {shown.items.map((item) => {
            const itemId = config.idOf(item);
            const reading = read(item);
            const { name } = reading;
            if (editingId === itemId && !readOnly) {
              return (
                <ListItemKeepingFocus key={itemId} className="record-list__item record-list__item--editing">
                  <ItemForm
                    title={text('editTitle')}
                    fields={config.fields}
                    schema={config.schema}
                    defaultValues={toFormValues(config.fields, item as Record<string, unknown>)}
                    submitLabel={t('save')}
                    onSubmit={async (values) => {
                      await update.mutateAsync({ itemId, values });
                      setEditingId(null);
                    }}
                    onCancel={() => setEditingId(null)}
                  />
                </ListItemKeepingFocus>
              );
            }
            return (
              <ListItemKeepingFocus key={itemId} className="record-list__item">
                <RecordItem
                  {...reading}
                  actions={
                    readOnly ? undefined : (
                      <ItemActions
                        name={name}
                        deleteQuestion={text('confirmDelete')}
                        onEdit={() => setEditingId(itemId)}
                        onDelete={() => remove.mutate(itemId)}
                      />
                    )
                  }
                />
              </ListItemKeepingFocus>
            );
          })}
        </ul>
      )}
      <ShowMoreButton remaining={shown.remaining} onClick={shown.showMore} />
      {shown.remaining === 0 && more}
    </CollapsibleSection>
  );
}
