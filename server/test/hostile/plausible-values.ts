// Plausible values: valid often enough that hostile values reach the code behind validation.
import fc from 'fast-check';
import { TEST_PASSWORD } from '../helpers';
import { localDay, localMoment, type Fixture } from './fixture';
import { defOf } from './route-fields';

const emailsOf = (fx: Fixture) => Object.values(fx.ids.emails);

export function plausibleByName(key: string, fx: Fixture, want: 'string' | 'number' | 'any' = 'any'): fc.Arbitrary<unknown> {
  const k = key.toLowerCase();
  const ids = fx.ids;
  const realIds = [ids.patients.A, ids.patients.B, ...Object.values(ids.medics), ...Object.values(ids.users)];
  if (k.includes('email')) {
    return fc.oneof(
      fc.constantFrom(...emailsOf(fx)),
      fc.constantFrom(...emailsOf(fx)).map((email) => ` ${email.toUpperCase()} `),
      fc.nat(1_000).map((n) => `hostile.${n}@example.test`),
    );
  }
  if (k.includes('password')) return fc.constantFrom(TEST_PASSWORD, 'otra-clave-segura-7', '12345', 'password');
  if (k === 'date' || k.endsWith('date') || k === 'nextdose') {
    return fc.constantFrom(localDay(), localMoment(), '2026-01-15', '2026-01-15T10:00', '2026-01-15T10:00:00.000Z', '2026-01-15T10:00:00-06:00');
  }
  if (k === 'end' || k === 'start') return fc.constantFrom('23:59', '10:00', '00:00', '09:30');
  // A range of calendar days (the agenda, the audit review).
  if (k === 'from' || k === 'to') return fc.constantFrom(localDay(), '2026-01-15', '2026-12-31', '');
  if (k === 'action') return fc.constantFrom('audit.read', 'auth.', 'patient.detail', 'patients.');
  if (k === 'outcome') return fc.constantFrom('success', 'failure', 'denied');
  if (k.startsWith('id') || k.endsWith('id')) return fc.oneof(fc.constantFrom(...realIds), fc.constantFrom(...realIds).map(String));
  if (k === 'q') return fc.constantFrom('Alba', 'Blanco', 'Medina', 'a', ids.emails.patientA, ids.emails.patientB, '555');
  if (k === 'reason') return fc.constantFrom('Paciente inconsciente en urgencias', 'Accidente de tráfico, sin acompañantes');
  if (k === 'type') return fc.constantFrom('patient', 'medic', 'Drug', 'Privado');
  if (k === 'page' || k === 'limit') return fc.constantFrom(1, 2, '1', 50);
  if (k.includes('phone') || k === 'whatsapp') return fc.constantFrom('555 0101', '+52 55 1234 5678');
  if (k === 'weight') return fc.constantFrom(70.5, '70,5', 0.2, 500);
  if (k === 'height') return fc.constantFrom(170, '170', 20, 260);
  if (k === 'closed') return fc.boolean();
  if (want === 'number') return fc.oneof(fc.integer({ min: 1, max: 300 }), fc.constantFrom(36.6, 98));
  return fc.constantFrom('Texto de prueba', 'Ana', 'Ruiz', 'Calle 1', 'Semanal', '2');
}

export function plausible(schema: unknown, key: string, fx: Fixture, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (!def || depth > 8) return plausibleByName(key, fx);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      return fc.record(Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, plausible(s, k, fx, depth + 1)])), { requiredKeys: [] });
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return fc.oneof({ weight: 5, arbitrary: plausible(def.innerType, key, fx, depth + 1) }, { weight: 1, arbitrary: fc.constant(null) });
    case 'pipe':
      return defOf(def.in)?.type === 'transform' ? plausible(def.out, key, fx, depth + 1) : plausible(def.in, key, fx, depth + 1);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map((option) => plausible(option, key, fx, depth + 1)));
    case 'array':
      return fc.array(plausible(def.element, key, fx, depth + 1), { maxLength: 3 });
    case 'boolean':
      return fc.boolean();
    case 'number':
    case 'int':
      return plausibleByName(key, fx, 'number');
    case 'string':
      return plausibleByName(key, fx, 'string');
    default:
      return plausibleByName(key, fx);
  }
}
