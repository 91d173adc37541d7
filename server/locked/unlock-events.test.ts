// What the locked door keeps for the audit trail (unlock-events.ts).
import { describe, expect, it } from 'vitest';
import { UnlockEvents } from './unlock-events';

describe('the events of a locked practice', () => {
  it('keep each attempt with its moment, the opening last', () => {
    let now = Date.parse('2026-03-02T08:00:00.000Z');
    const events = new UnlockEvents(() => new Date((now += 1000)));
    events.attempt(null, 'configuration', 'failure');
    events.attempt('10.0.0.7', 'recoveryKey', 'failure');
    events.opened('10.0.0.8', 'passphrase');
    expect(events.list()).toEqual([
      { action: 'practice.unlock', outcome: 'failure', ip: null, detail: 'configuration', at: '2026-03-02T08:00:01.000Z' },
      { action: 'practice.unlock', outcome: 'failure', ip: '10.0.0.7', detail: 'recoveryKey', at: '2026-03-02T08:00:02.000Z' },
      { action: 'practice.unlock', outcome: 'success', ip: '10.0.0.8', detail: 'passphrase', at: '2026-03-02T08:00:03.000Z' },
    ]);
  });

  it('past a thousand attempts, count the rest in one event, so a flood cannot fill the memory', () => {
    const events = new UnlockEvents();
    for (let attempt = 0; attempt < 1_250; attempt += 1) events.attempt(`10.0.${attempt >> 8}.${attempt & 255}`, 'passphrase', 'denied');
    events.setUp('10.9.9.9');
    const list = events.list();
    expect(list).toHaveLength(1_002);
    expect(list.at(-2)).toMatchObject({ action: 'practice.unlock', outcome: 'failure', ip: null, detail: '250 more attempts, not kept one by one' });
    expect(list.at(-1)).toMatchObject({ action: 'practice.setUp', outcome: 'success', ip: '10.9.9.9' });
  });
});
