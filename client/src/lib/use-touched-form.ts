// Every form of the app checks a field when it is left and then on each change (mode 'onTouched'):
// no error while the first value is still being typed, and an error goes as soon as it is corrected.
// This is that set-up, in one place; forms with a zod schema at hand use useSchemaForm. `field(name)`
// gives a field component what it takes from the form: the input's registration and the field's
// error in the reader's language (a schema message is a key of the validation namespace).
import { useTranslation } from 'react-i18next';
import { get, useForm, type DefaultValues, type FieldError, type FieldPath, type FieldValues, type Resolver } from 'react-hook-form';
import { translateValidation } from './translate-error';

export function useTouchedForm<Fields extends FieldValues, Values = Fields>(resolver: Resolver<Fields, unknown, Values>, defaultValues: DefaultValues<Fields>) {
  const { t } = useTranslation('validation');
  const form = useForm<Fields, unknown, Values>({ resolver, mode: 'onTouched', defaultValues });
  /** The field's props; `otherwise` is the error shown when the field's value itself is fine (a server's refusal). */
  const field = (name: FieldPath<Fields>, otherwise?: string) => ({
    ...form.register(name),
    error: translateValidation(t, (get(form.formState.errors, name) as FieldError | undefined)?.message) ?? otherwise,
  });
  return { ...form, field };
}
