// Named parameters turned into the `?` placeholders raw-sql.ts takes: each use of a name is one
// argument, in the order the text uses them; quoted text is left alone.
import { describe, expect, it } from 'vitest';
import { positional } from './named-parameters';

describe('a text with named parameters, made positional', () => {
  it('gives one ? and one argument per use of a name, in the order of the text, @ and : alike', () => {
    expect(positional(`select * from d where compact >= :compact and compact < :compact || '~' limit @limit`, { compact: 'E11', limit: 5, unused: 1 })).toEqual({
      text: `select * from d where compact >= ? and compact < ? || '~' limit ?`,
      args: ['E11', 'E11', 5],
    });
  });

  it('leaves names inside quoted text as they are', () => {
    expect(positional(`select a || ':' || b, '@at', "@col" from t where x = @x`, { x: 1 })).toEqual({
      text: `select a || ':' || b, '@at', "@col" from t where x = ?`,
      args: [1],
    });
  });

  it('refuses a name it has no value for, as SQLite does', () => {
    expect(() => positional('select * from t where id = @id', {})).toThrow(/id/);
  });
});
