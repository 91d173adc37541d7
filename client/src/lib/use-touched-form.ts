// Every form of the app checks a field when it is left and then on each change (mode 'onTouched'):
// no error while the first value is still being typed, and an error goes as soon as it is corrected.
// This is that set-up, in one place; forms with a zod schema at hand use useSchemaForm.
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';

export function useTouchedForm<Fields extends FieldValues, Values = Fields>(resolver: Resolver<Fields, unknown, Values>, defaultValues: DefaultValues<Fields>) {
  return useForm<Fields, unknown, Values>({ resolver, mode: 'onTouched', defaultValues });
}
