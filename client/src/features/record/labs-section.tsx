// Lab results (SPEC §2): read-only rows that open a small modal, a simple add form (date and a
// test name or value) and deletion after a confirmation; five at a time.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { labAddFields, type Lab } from '../../../../shared/record';
import { TrashIcon } from '../../components/action-icons';
import { CollapsibleSection } from '../../components/collapsible-section';
import { confirmAction } from '../../components/confirm';
import { PlusIcon } from '../../components/icons';
import { useShowMore } from '../../components/show-more';
import { ShowMoreButton } from '../../components/show-more-button';
import { toFormValues, type FieldSpec } from './field-spec';
import { ItemForm } from './item-form';
import { labLabel } from './lab-label';
import { LabModal } from './lab-modal';
import { useFormatters } from '../../lib/use-formatters';
import { useRecordMutation } from './use-record-mutation';

const labFormFields: readonly FieldSpec[] = [
  { name: 'date', label: 'labs.date', kind: 'date', required: true },
  { name: 'testName', label: 'labs.testName' },
  { name: 'value', label: 'labs.value' },
  { name: 'unit', label: 'labs.unit' },
  { name: 'referenceRange', label: 'labs.referenceRange' },
  { name: 'comment', label: 'labs.comment', kind: 'textarea' },
];

export function LabsSection({ idPatient, labs }: { idPatient: number; labs: readonly Lab[] }) {
  const { t } = useTranslation('record');
  const format = useFormatters();
  const [open, setOpen] = useState(true);
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<Lab | null>(null);
  const shown = useShowMore(labs);
  const add = useRecordMutation(
    (client, values: Record<string, unknown>) => client.patients.labs.add.mutate({ idPatient, ...(values as { date: string }) }),
    'save',
  );
  const remove = useRecordMutation((client, itemId: number) => client.patients.labs.remove.mutate({ idPatient, itemId }), 'delete');

  return (
    <CollapsibleSection
      title={t('labs.title')}
      count={labs.length}
      open={open}
      onOpenChange={setOpen}
      actions={
        <button
          type="button"
          className="button button--secondary button--small"
          aria-expanded={adding}
          onClick={() => {
            setOpen(true);
            setAdding(true);
          }}
        >
          <PlusIcon />
          {t('labs.add')}
        </button>
      }
    >
      {adding && (
        <ItemForm
          title={t('labs.newTitle')}
          fields={labFormFields}
          schema={labAddFields}
          defaultValues={toFormValues(labFormFields, null)}
          submitLabel={t('add')}
          onSubmit={async (values) => {
            await add.mutateAsync(values);
            setAdding(false);
          }}
          onCancel={() => setAdding(false)}
        />
      )}
      {labs.length === 0 && !adding && <p className="record-empty">{t('labs.empty')}</p>}
      {labs.length > 0 && (
        <ul className="record-list">
          {shown.items.map((lab) => {
            const name = labLabel(t, lab);
            return (
              <li key={lab.idLabs} className="record-list__item">
                <div className="record-item">
                  <button type="button" className="record-item__open" onClick={() => setViewing(lab)}>
                    <span className="record-item__name">{name}</span>
                    <span className="record-item__meta">
                      {[lab.value && [lab.value, lab.unit].filter(Boolean).join(' '), format.date(lab.date)].filter(Boolean).join(' · ')}
                    </span>
                  </button>
                  <div className="record-item__actions">
                    <button
                      type="button"
                      className="icon-button icon-button--danger"
                      aria-label={t('deleteItem', { name })}
                      onClick={() => {
                        if (confirmAction(t('labs.confirmDelete'))) remove.mutate(lab.idLabs);
                      }}
                    >
                      <TrashIcon />
                    </button>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <ShowMoreButton remaining={shown.remaining} onClick={shown.showMore} />
      {viewing && <LabModal lab={viewing} onClose={() => setViewing(null)} />}
    </CollapsibleSection>
  );
}
