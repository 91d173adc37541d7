// Lab results (SPEC §2): rows that open a small modal, a simple add form (date and a test name or
// value), inline editing like the other collections (a mistyped value must be correctable,
// not deleted and re-entered) and deletion after a confirmation; five at a time. The edit form keeps
// the add form's rule, since the server checks it on the edited lab too. Read-only (emergency
// access) keeps the rows and their modal, without adding, editing or deleting.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { labAddFields, type Lab } from '../../../../shared/record';
import { CollapsibleSection } from '../../components/collapsible-section';
import { useShowMore } from '../../components/show-more';
import { ShowMoreButton } from '../../components/show-more-button';
import { AddButton } from './add-button';
import { toFormValues, type FieldSpec } from './field-spec';
import { ListItemKeepingFocus } from '../../components/list-item-keeping-focus';
import { ItemActions } from './item-actions';
import { ItemForm } from './item-form';
import { labLabel } from '../../lib/lab-label';
import { LabModal } from './lab-modal';
import { useFormatters } from '../../lib/use-formatters';
import { useInlineAdd } from './use-inline-add';
import { useRecordMutation } from './use-record-mutation';

const labFormFields: readonly FieldSpec[] = [
  { name: 'date', label: 'labs.date', kind: 'date', required: true },
  { name: 'testName', label: 'labs.testName' },
  { name: 'value', label: 'labs.value' },
  { name: 'unit', label: 'labs.unit' },
  { name: 'referenceRange', label: 'labs.referenceRange' },
  { name: 'comment', label: 'labs.comment', kind: 'textarea' },
];

interface LabsSectionProps {
  idPatient: number;
  labs: readonly Lab[];
  readOnly?: boolean;
  /** How many the whole list holds: the record carries only the newest. */
  total?: number;
  /** What brings the rest (load-more.tsx), shown once every lab here is. */
  more?: ReactNode;
}

export function LabsSection({ idPatient, labs, readOnly = false, total, more }: LabsSectionProps) {
  const { t } = useTranslation('record');
  const format = useFormatters();
  const { open, setOpen, adding, startAdding, stopAdding } = useInlineAdd();
  const [viewing, setViewing] = useState<Lab | null>(null);
  const [editingId, setEditingId] = useState<number | null>(null);
  const shown = useShowMore(labs);
  const add = useRecordMutation(
    (client, values: Record<string, unknown>) => client.patients.labs.add.mutate({ idPatient, ...(values as { date: string }) }),
    'save',
  );
  const update = useRecordMutation(
    (client, { itemId, values }: { itemId: number; values: Record<string, unknown> }) => client.patients.labs.update.mutate({ idPatient, itemId, ...values }),
    'save',
  );
  const remove = useRecordMutation((client, itemId: number) => client.patients.labs.remove.mutate({ idPatient, itemId }), 'delete');

  return (
    <CollapsibleSection
      title={t('labs.title')}
      count={total ?? labs.length}
      open={open}
      onOpenChange={setOpen}
      actions={readOnly ? undefined : <AddButton label={t('labs.add')} adding={adding} onClick={startAdding} />}
    >
      {adding && !readOnly && (
        <ItemForm
          title={t('labs.newTitle')}
          fields={labFormFields}
          schema={labAddFields}
          defaultValues={toFormValues(labFormFields, null)}
          submitLabel={t('add')}
          onSubmit={async (values) => {
            await add.mutateAsync(values);
            stopAdding();
          }}
          onCancel={stopAdding}
        />
      )}
      {labs.length === 0 && !adding && <p className="record-empty">{t('labs.empty')}</p>}
      {labs.length > 0 && (
        <ul className="record-list">
          {shown.items.map((lab) => {
            const name = labLabel(t, lab, format.date(lab.date));
            if (editingId === lab.idLabs && !readOnly) {
              return (
                <ListItemKeepingFocus key={lab.idLabs} className="record-list__item record-list__item--editing">
                  <ItemForm
                    title={t('labs.editTitle')}
                    fields={labFormFields}
                    schema={labAddFields}
                    defaultValues={toFormValues(labFormFields, lab as unknown as Record<string, unknown>)}
                    submitLabel={t('save')}
                    onSubmit={async (values) => {
                      await update.mutateAsync({ itemId: lab.idLabs, values });
                      setEditingId(null);
                    }}
                    onCancel={() => setEditingId(null)}
                  />
                </ListItemKeepingFocus>
              );
            }
            return (
              <ListItemKeepingFocus key={lab.idLabs} className="record-list__item">
                <div className="record-item">
                  <button type="button" className="record-item__open" onClick={() => setViewing(lab)}>
                    <span className="record-item__name">{name}</span>
                    <span className="record-item__meta">
                      {[lab.value && [lab.value, lab.unit].filter(Boolean).join(' '), format.date(lab.date)].filter(Boolean).join(' · ')}
                    </span>
                  </button>
                  {!readOnly && (
                    <div className="record-item__actions">
                      <ItemActions
                        name={name}
                        deleteQuestion={t('labs.confirmDelete')}
                        onEdit={() => setEditingId(lab.idLabs)}
                        onDelete={() => remove.mutate(lab.idLabs)}
                      />
                    </div>
                  )}
                </div>
              </ListItemKeepingFocus>
            );
          })}
        </ul>
      )}
      <ShowMoreButton remaining={shown.remaining} onClick={shown.showMore} />
      {shown.remaining === 0 && more}
      {viewing && <LabModal lab={viewing} onClose={() => setViewing(null)} />}
    </CollapsibleSection>
  );
}
