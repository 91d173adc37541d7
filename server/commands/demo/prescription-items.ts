// A demo note's medications as the structured items of a receta: each string the demo writes
// ("Amoxicilina 500 mg, vía oral, cada 8 h durante 10 días") is read into drug, strength, form,
// route, dose, frequency and duration, and the medicine's usual Spanish presentation gives the
// package and how many of them the course needs, as a pharmacist reads them.
import type { PrescriptionItemInput } from '../../../shared/prescriptions';

/** How a medicine is sold: what one dose is counted in, and a package of it. */
interface Presentation {
  drug: string;
  strength: string | null;
  form: string;
  /** The dose when the note does not write one (a tablet's), in `unit`s. */
  dose: string | null;
  /** Doses a package holds, for counting packages; null when one package is the course (creams, sprays) or it is counted in mL. */
  perPackage: number | null;
  /** A bottle's millilitres, for counting bottles from a dose written in mL. */
  mlPerPackage?: number;
  presentation: string;
  /** The package's name, singular and plural: "caja", "cajas". */
  packageName: readonly [string, string];
}

const box = ['caja', 'cajas'] as const;
const bottle = ['frasco', 'frascos'] as const;
const inhaler = ['inhalador', 'inhaladores'] as const;
const tube = ['tubo', 'tubos'] as const;

const tablets = (drug: string, strength: string, count: number, form = 'comprimidos'): Presentation => ({
  drug,
  strength,
  form,
  dose: form === 'cápsulas' ? '1 cápsula' : '1 comprimido',
  perPackage: count,
  presentation: `Caja con ${count} ${form}`,
  packageName: box,
});

/** Keyed by how the note's medication string begins (its first part, before the first comma). */
const PRESENTATIONS: Record<string, Presentation> = {
  'Enalapril 10 mg': tablets('Enalapril', '10 mg', 28),
  'Metformina 850 mg': tablets('Metformina', '850 mg', 50),
  'Atorvastatina 20 mg': tablets('Atorvastatina', '20 mg', 28),
  'Levotiroxina 75 µg': tablets('Levotiroxina', '75 µg', 100),
  'Sertralina 50 mg': tablets('Sertralina', '50 mg', 30),
  'Omeprazol 20 mg': tablets('Omeprazol', '20 mg', 28, 'cápsulas'),
  'Paracetamol 1 g': tablets('Paracetamol', '1 g', 40),
  'Sumatriptán 50 mg': tablets('Sumatriptán', '50 mg', 4),
  'Azitromicina 500 mg': tablets('Azitromicina', '500 mg', 3),
  'Amoxicilina 500 mg': tablets('Amoxicilina', '500 mg', 30, 'cápsulas'),
  'Ibuprofeno 600 mg': tablets('Ibuprofeno', '600 mg', 40),
  'Metocarbamol 500 mg': tablets('Metocarbamol', '500 mg', 60),
  'Levofloxacino 500 mg': tablets('Levofloxacino', '500 mg', 7),
  'Dimenhidrinato 50 mg': tablets('Dimenhidrinato', '50 mg', 12),
  'Cetirizina 10 mg': tablets('Cetirizina', '10 mg', 20),
  'Cetirizina 1 mg/mL solución oral': { drug: 'Cetirizina', strength: '1 mg/mL', form: 'solución oral', dose: null, perPackage: null, presentation: 'Frasco de 200 mL', packageName: bottle },
  'Amoxicilina/clavulánico 875/125 mg': tablets('Amoxicilina/clavulánico', '875/125 mg', 30),
  'Budesonida/formoterol 160/4,5 µg': { drug: 'Budesonida/formoterol', strength: '160/4,5 µg', form: 'polvo para inhalación', dose: null, perPackage: 120, presentation: 'Inhalador con 120 dosis', packageName: inhaler },
  'Budesonida 200 µg': { drug: 'Budesonida', strength: '200 µg', form: 'suspensión para inhalación en envase a presión', dose: null, perPackage: 200, presentation: 'Inhalador con 200 dosis', packageName: inhaler },
  'Salbutamol 100 µg': { drug: 'Salbutamol', strength: '100 µg', form: 'suspensión para inhalación en envase a presión', dose: null, perPackage: null, presentation: 'Inhalador con 200 dosis', packageName: inhaler },
  'Tiotropio 2,5 µg': { drug: 'Tiotropio', strength: '2,5 µg', form: 'solución para inhalación', dose: null, perPackage: 60, presentation: 'Cartucho con 60 pulsaciones e inhalador', packageName: inhaler },
  'Emoliente sin perfume': { drug: 'Emoliente sin perfume', strength: null, form: 'crema', dose: 'Una capa fina en todo el cuerpo', perPackage: null, presentation: 'Envase de 400 mL', packageName: ['envase', 'envases'] },
  'Hidrocortisona 1 % crema': { drug: 'Hidrocortisona', strength: '1 %', form: 'crema', dose: 'Una capa fina en la zona afectada', perPackage: null, presentation: 'Tubo de 30 g', packageName: tube },
  'Paracetamol 100 mg/mL solución oral': { drug: 'Paracetamol', strength: '100 mg/mL', form: 'solución oral en gotas', dose: null, perPackage: null, presentation: 'Frasco de 30 mL con jeringa dosificadora', packageName: bottle },
  'Amoxicilina 250 mg/5 mL suspensión oral': { drug: 'Amoxicilina', strength: '250 mg/5 mL', form: 'polvo para suspensión oral', dose: null, perPackage: null, mlPerPackage: 120, presentation: 'Frasco de 120 mL', packageName: bottle },
  'Azitromicina 200 mg/5 mL suspensión oral': { drug: 'Azitromicina', strength: '200 mg/5 mL', form: 'polvo para suspensión oral', dose: null, perPackage: null, mlPerPackage: 15, presentation: 'Frasco de 15 mL', packageName: bottle },
  'Ibuprofeno 20 mg/mL suspensión oral': { drug: 'Ibuprofeno', strength: '20 mg/mL', form: 'suspensión oral', dose: null, perPackage: null, presentation: 'Frasco de 200 mL', packageName: bottle },
  'Solución de rehidratación oral': { drug: 'Solución de rehidratación oral', strength: null, form: 'polvo para solución oral', dose: 'Un sobre disuelto en 200 mL de agua', perPackage: null, presentation: 'Caja con 10 sobres', packageName: box },
  'Suero fisiológico': { drug: 'Suero fisiológico (cloruro sódico 0,9 %)', strength: '0,9 %', form: 'solución para lavado nasal', dose: null, perPackage: null, presentation: 'Caja con 30 monodosis de 5 mL', packageName: box },
  'Tobramicina 0,3 % colirio': { drug: 'Tobramicina', strength: '0,3 %', form: 'colirio en solución', dose: null, perPackage: null, presentation: 'Frasco de 5 mL', packageName: bottle },
  'Fosfomicina trometamol 3 g': { drug: 'Fosfomicina trometamol', strength: '3 g', form: 'granulado para solución oral', dose: '1 sobre', perPackage: 1, presentation: 'Caja con 1 sobre', packageName: box },
  'Vitamina D3 400 UI (2 gotas)': { drug: 'Colecalciferol (vitamina D3)', strength: '200 UI/gota', form: 'gotas orales en solución', dose: '2 gotas (400 UI)', perPackage: null, presentation: 'Frasco de 10 mL', packageName: bottle },
};

/** A chronic treatment is prescribed a month at a time. */
const CHRONIC_DAYS = 30;

/** Doses a day a frequency gives, when it is a fixed schedule ("cada 8 h", "2 veces al día"). */
function dosesPerDay(frequency: string): number | null {
  const hours = /^cada (\d+) h/.exec(frequency);
  if (hours) return 24 / Number(hours[1]);
  const times = /^(\d+) veces al día/.exec(frequency);
  if (times) return Number(times[1]);
  if (frequency.startsWith('dosis única')) return 1;
  return null;
}

/** How many units one dose takes ("2 inhalaciones" → 2; "1 comprimido" → 1). */
const unitsPerDose = (dose: string | null) => Number(/^(\d+)\s/.exec(dose ?? '')?.[1] ?? 1);

const packagesText = (count: number, [one, many]: readonly [string, string]) => `${count} ${count === 1 ? one : many}`;

/**
 * The structured item of one medication string, every field read from it (and from the medicine's
 * presentation): the receta and the appointment's note say the same thing.
 */
export function prescriptionItemOf(medication: string): PrescriptionItemInput {
  const parts = medication.split(', ');
  const routeAt = parts.findIndex((part) => part.startsWith('vía '));
  const head = parts[0]!;
  const noted = routeAt > 1 ? parts.slice(1, routeAt).join(', ') : null;
  const route = routeAt >= 0 ? parts[routeAt]!.slice('vía '.length) : null;
  const schedule = routeAt >= 0 ? parts.slice(routeAt + 1).join(', ') : null;
  const [scheduled, written] = schedule ? schedule.split(' durante ') : [null, undefined];
  // "cada 24 h hasta los 12 meses": the end is part of the schedule as written.
  const [frequency, until] = scheduled ? scheduled.split(' hasta ') : [null, undefined];
  const known = PRESENTATIONS[head];
  const dose = noted ?? known?.dose ?? null;
  const perDay = frequency ? dosesPerDay(frequency) : null;
  // A fixed schedule with no end written is a chronic treatment; "si dolor", "a demanda" or "en los brotes" have none.
  const occasional = !frequency || /si |a demanda|brotes|crisis|dosis única/.test(frequency);
  const days = written ? Number(/^(\d+) días/.exec(written)?.[1] ?? NaN) : !until && perDay !== null && !occasional ? CHRONIC_DAYS : NaN;
  const duration = written ?? (until ? `hasta ${until}` : days === CHRONIC_DAYS ? '1 mes (tratamiento crónico)' : null);
  const course = perDay !== null && Number.isFinite(days) ? days * perDay : null;
  const millilitres = Number(/\(([\d,]+) mL\)/.exec(dose ?? '')?.[1]?.replace(',', '.') ?? NaN);
  const needed =
    course === null
      ? 1
      : known?.perPackage
        ? Math.ceil((course * unitsPerDose(dose)) / known.perPackage)
        : known?.mlPerPackage && Number.isFinite(millilitres)
          ? Math.ceil((course * millilitres) / known.mlPerPackage)
          : 1;
  return {
    drug: known?.drug ?? head,
    strength: known?.strength ?? null,
    form: known?.form ?? null,
    route,
    presentation: known?.presentation ?? null,
    packages: known ? packagesText(Math.max(1, needed), known.packageName) : null,
    dose,
    frequency: frequency ?? null,
    duration,
    instructions: null,
  };
}
