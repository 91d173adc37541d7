// practice.info: the practice's name for signed-in users only, null when PRACTICE_NAME is unset.
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, callerFor, register, testConfig } from '../../test/helpers';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function appWith(practiceName: string | undefined) {
  const app = await buildTestApp({ config: testConfig({ practiceName }) });
  apps.push(app);
  return app;
}

describe('practice.info', () => {
  it('names the practice to a signed-in medic and patient', async () => {
    const app = await appWith('Consultorio San Rafael');
    const medic = await register(app, { type: 'medic' });
    const patient = await register(app, { type: 'patient' });
    expect(await callerFor(app, medic.access_token).practice.info()).toEqual({ name: 'Consultorio San Rafael' });
    expect(await callerFor(app, patient.access_token).practice.info()).toEqual({ name: 'Consultorio San Rafael' });
  });

  it('answers null when PRACTICE_NAME is unset', async () => {
    const app = await appWith(undefined);
    const patient = await register(app, { type: 'patient' });
    expect(await callerFor(app, patient.access_token).practice.info()).toEqual({ name: null });
  });

  it('refuses a caller without a session', async () => {
    const app = await appWith('Consultorio San Rafael');
    await expect(callerFor(app).practice.info()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
