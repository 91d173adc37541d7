// practice.info: the practice's name for signed-in users only, null when PRACTICE_NAME is unset, and
// the minutes a browser may stay idle (IDLE_MINUTES).
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, callerFor, register, testConfig } from '../../test/helpers';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function appWith(practiceName: string | undefined, idleMinutes?: number) {
  const app = await buildTestApp({ config: testConfig({ practiceName, idleMinutes }) });
  apps.push(app);
  return app;
}

describe('practice.info', () => {
  it('names the practice to a signed-in medic and patient', async () => {
    const app = await appWith('Consultorio San Rafael');
    const medic = await register(app, { type: 'medic' });
    const patient = await register(app, { type: 'patient' });
    expect(await callerFor(app, medic.access_token).practice.info()).toEqual({ name: 'Consultorio San Rafael', idleMinutes: 30 });
    expect(await callerFor(app, patient.access_token).practice.info()).toEqual({ name: 'Consultorio San Rafael', idleMinutes: 30 });
  });

  it('answers null when PRACTICE_NAME is unset', async () => {
    const app = await appWith(undefined);
    const patient = await register(app, { type: 'patient' });
    expect(await callerFor(app, patient.access_token).practice.info()).toEqual({ name: null, idleMinutes: 30 });
  });

  it('tells a signed-in user how long the browser may stay idle (IDLE_MINUTES)', async () => {
    const app = await appWith(undefined, 12);
    const medic = await register(app, { type: 'medic' });
    expect(await callerFor(app, medic.access_token).practice.info()).toEqual({ name: null, idleMinutes: 12 });
  });

  it('refuses a caller without a session', async () => {
    const app = await appWith('Consultorio San Rafael');
    await expect(callerFor(app).practice.info()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
