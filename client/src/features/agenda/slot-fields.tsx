// The day, start and end of an appointment, as the booking and the move dialogs both ask for them:
// the browser's own date and time pickers (keyboard-friendly, in the user's language), a day
// before today not offered.
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/text-field';

interface SlotFieldsProps {
  fields: Record<'date' | 'start' | 'end', UseFormRegisterReturn>;
  /** Translated messages, by field. */
  errors: Partial<Record<'date' | 'start' | 'end', string>>;
  today: string;
}

export function SlotFields({ fields, errors, today }: SlotFieldsProps) {
  const { t } = useTranslation('agenda');
  return (
    <div className="agenda-slot">
      <TextField label={t('book.date')} type="date" min={today} aria-required error={errors.date} {...fields.date} />
      <div className="form__row agenda-slot__times">
        <TextField label={t('book.start')} type="time" aria-required error={errors.start} {...fields.start} />
        <TextField label={t('book.end')} type="time" aria-required error={errors.end} {...fields.end} />
      </div>
    </div>
  );
}
