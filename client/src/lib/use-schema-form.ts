// A form checked by a zod schema (most often the shared one the server checks with too), with the
// app's one way of checking fields (use-touched-form.ts). The fields are the schema's input, the
// submitted values its output.
import { zodResolver } from '@hookform/resolvers/zod';
import type { DefaultValues, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { useTouchedForm } from './use-touched-form';

export function useSchemaForm<Schema extends z.ZodType<FieldValues, FieldValues>>(schema: Schema, defaultValues: DefaultValues<z.input<Schema>>) {
  const resolver = zodResolver(schema) as unknown as Resolver<z.input<Schema>, unknown, z.output<Schema>>;
  return useTouchedForm<z.input<Schema>, z.output<Schema>>(resolver, defaultValues);
}
