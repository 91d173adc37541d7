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

const toBase64Url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** An opaque cursor: base64url of a list's sort key (its values in order) as JSON. */
export const encodeCursorKey = (values: readonly unknown[]): string => toBase64Url(new TextEncoder().encode(JSON.stringify(values)));

/**
 * The `length` values of a cursor encodeCursorKey wrote, or undefined for anything else (wrong
 * characters, over `maxCharacters`, not UTF-8, not JSON, not an array of that length). The caller
 * checks each value's type.
 */
export function decodeCursorKey(cursor: string, length: number, maxCharacters: number): unknown[] | undefined {
  if (cursor.length > maxCharacters || !/^[A-Za-z0-9_-]+$/.test(cursor) || cursor.length % 4 === 1) return undefined;
  try {
    const binary = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
    const json = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (character) => character.charCodeAt(0)));
    const key: unknown = JSON.parse(json);
    return Array.isArray(key) && key.length === length ? key : undefined;
  } catch {
    return undefined;
  }
}
