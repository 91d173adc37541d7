// The database settings the app's guarantees rest on, read back from a real connection.
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';

describe('the database connection', () => {
  it('overwrites deleted data (secure_delete) and lets INSERT OR REPLACE meet the delete triggers (recursive_triggers)', () => {
    const db = openDatabase(':memory:');
    try {
      expect(db.$client.pragma('secure_delete', { simple: true })).toBe(1);
      expect(db.$client.pragma('recursive_triggers', { simple: true })).toBe(1);
      expect(db.$client.pragma('foreign_keys', { simple: true })).toBe(1);
    } finally {
      db.$client.close();
    }
  });
});
