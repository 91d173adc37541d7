// "Record vital signs of this visit": from the details of today's appointment, an entry of the
// record's vital signs dated at the appointment's moment and carrying the consultation (idHistory),
// made with the same form, schema and call as the vital signs section (vitals.ts), so the note then
// shows it among its own readings. The server locks it with the consultation, so it is offered on
// the consultation's day only; later readings are entries of their own.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlusIcon } from '../../components/icons';
import type { ClinicalHistory } from '../../../../shared/record';
import { toFormValues } from './field-spec';
import { ItemForm } from './item-form';
import { useRecordMutation } from './use-record-mutation';
import { vitalsConfig } from './vitals';

/** The vital signs form without its date: the visit's moment is the date. */
const fields = vitalsConfig.fields.filter((field) => field.name !== 'date');

export function VisitVitals({ appointment }: { appointment: ClinicalHistory }) {
  const { t } = useTranslation('record');
  const [adding, setAdding] = useState(false);
  const add = useRecordMutation(
    (client, values: Record<string, unknown>) => vitalsConfig.add(client, appointment.idPatient, { ...values, idHistory: appointment.idHistory }),
    'save',
  );

  if (!adding) {
    return (
      <button type="button" className="button button--secondary button--small visit-vitals__open" onClick={() => setAdding(true)}>
        <PlusIcon />
        {t('appointments.recordVitals')}
      </button>
    );
  }
  return (
    <ItemForm
      title={t('appointments.recordVitals')}
      fields={fields}
      schema={vitalsConfig.schema}
      // The date is not a field of the form: it goes with the values as the appointment's moment.
      defaultValues={{ ...toFormValues(fields, null), date: appointment.date.slice(0, 16) }}
      submitLabel={t('add')}
      onSubmit={async (values) => {
        await add.mutateAsync(values);
        setAdding(false);
      }}
      onCancel={() => setAdding(false)}
    />
  );
}
