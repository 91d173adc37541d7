// The database settings the app's guarantees rest on, read back from a real connection.
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { engineOf, sqliteEngineOf } from './engine';

describe('the database connection', () => {
  it('overwrites deleted data (secure_delete) and lets INSERT OR REPLACE meet the delete triggers (recursive_triggers)', async () => {
    const db = openDatabase(':memory:');
    // The writer: every change, and so every delete and INSERT OR REPLACE, runs on it.
    const { writer } = sqliteEngineOf(db);
    try {
      expect(writer.pragma('secure_delete', { simple: true })).toBe(1);
      expect(writer.pragma('recursive_triggers', { simple: true })).toBe(1);
      expect(writer.pragma('foreign_keys', { simple: true })).toBe(1);
    } finally {
      await engineOf(db).close();
    }
  });
});
