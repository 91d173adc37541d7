// The two query fields every paged list takes (the patient list, a record's long lists): a page
// size and an opaque keyset cursor, with the same messages wherever they are refused.
import { z } from 'zod';

/** 1 to `max`, as a JSON number or plain decimal text (a query string carries text). */
export const pageSizeUpTo = (max: number) =>
  z.union([z.number(), z.string()], { error: 'validation.pageSizeInvalid' }).transform((value, ctx) => {
    const size = typeof value === 'number' ? value : /^[1-9]\d{0,2}$/.test(value) ? Number(value) : Number.NaN;
    if (Number.isInteger(size) && size >= 1 && size <= max) return size;
    ctx.addIssue({ code: 'custom', message: 'validation.pageSizeInvalid', input: value });
    return z.NEVER;
  });

/** A cursor this server gave, read back by `decode` into its key; anything else is refused. */
export const cursorOf = <Key>(decode: (cursor: string) => Key | undefined) =>
  z.string({ error: 'validation.cursorInvalid' }).transform((value, ctx) => {
    const key = decode(value);
    if (key) return key;
    ctx.addIssue({ code: 'custom', message: 'validation.cursorInvalid', input: value });
    return z.NEVER;
  });
