// A zod resolver whose schema, and zod with it, load on the form's first check rather than with the
// page: for the sign-in steps, the first download of every visit, where zod is the largest part the
// page does not need to draw.
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

export function lazyZodResolver<Fields extends FieldValues, Values = Fields>(loadSchema: () => Promise<z.ZodType<Values, Fields>>): Resolver<Fields, unknown, Values> {
  return async (values, context, options) => {
    const [{ zodResolver }, schema] = await Promise.all([import('@hookform/resolvers/zod'), loadSchema()]);
    return (zodResolver(schema) as unknown as Resolver<Fields, unknown, Values>)(values, context, options);
  };
}
