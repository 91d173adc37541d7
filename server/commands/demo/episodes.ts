// The acute illnesses that bring a patient in between controls, each with its whole note (what
// the patient tells, what the examination finds, the plan, the prognosis) and its treatment. A
// child's doses are by weight, as a paediatric prescription is written; from 40 kg the adult dose.
import type { Sex } from './people';

/** Who is treated: what they are allergic to, and their age (years) and weight (kg) on the day. */
export interface EpisodeContext {
  allergies: Set<string>;
  years: number;
  weight: number;
  sex: Sex;
}

export interface Episode {
  motive: string;
  /** The short summary the appointment's free notes keep. */
  notes: string;
  subjective: string;
  exploration: string;
  plan: string;
  prognosis: string;
  treatment: (context: EpisodeContext) => string[];
  fever: boolean;
  icd10: string;
  /** Whom it happens to. */
  fits: (context: EpisodeContext) => boolean;
}

/** An episode's note and treatment as a visit keeps them, the findings waiting for the day's vital signs. */
export const episodeNote = (episode: Episode, context: EpisodeContext) => ({
  notes: episode.notes,
  subjective: episode.subjective,
  findings: episode.exploration,
  plan: episode.plan,
  prognosis: episode.prognosis,
  medications: episode.treatment(context),
  diagnosisIds: [episode.icd10],
});

const ADULT_DOSE_KG = 40;
export const isChild = (context: EpisodeContext) => context.weight < ADULT_DOSE_KG;
const decimal = (value: number) => String(Number(value.toFixed(1))).replace('.', ',');

/** A dose of an oral solution of `mgPerMl`, from mg/kg, rounded to 5 mg and capped at the adult dose. */
function liquidDose(drug: string, mgPerMl: number, mgPerKg: number, maxMg: number, weight: number, how: string): string {
  const mg = Math.min(maxMg, Math.round((mgPerKg * weight) / 5) * 5);
  return `${drug}, ${mg} mg (${decimal(mg / mgPerMl)} mL), vía oral, ${how}`;
}

const feverRelief = (context: EpisodeContext, when = 'si fiebre') =>
  isChild(context)
    ? liquidDose('Paracetamol 100 mg/mL solución oral', 100, 15, 1000, context.weight, `cada 6 h ${when}`)
    : `Paracetamol 1 g, vía oral, cada 8 h ${when}`;

export const noNsaid = (context: EpisodeContext) => context.allergies.has('Ibuprofeno') || context.allergies.has('Ácido acetilsalicílico');
const penicillinAllergic = (context: EpisodeContext) => context.allergies.has('Penicilina');

export const EPISODES: readonly Episode[] = [
  {
    motive: 'Odinofagia y fiebre de 2 días',
    notes: 'Amígdalas hipertróficas con exudado. Centor 4. Faringoamigdalitis aguda.',
    subjective: 'Dolor de garganta de dos días con fiebre de hasta 38,8 °C y dolor al tragar. Sin tos ni mucosidad.',
    exploration: 'Amígdalas hipertróficas con exudado blanquecino bilateral. Adenopatías laterocervicales dolorosas. Otoscopia normal. Test rápido de estreptococo positivo.',
    plan: 'Antibiótico completo aunque mejore antes. Líquidos abundantes y dieta blanda. Volver si no mejora en 48 h o si no puede tragar.',
    prognosis: 'Bueno; curación esperada en una semana.',
    treatment: (context) => [
      penicillinAllergic(context)
        ? isChild(context)
          ? liquidDose('Azitromicina 200 mg/5 mL suspensión oral', 40, 20, 500, context.weight, 'cada 24 h durante 3 días')
          : 'Azitromicina 500 mg, vía oral, cada 24 h durante 3 días'
        : isChild(context)
          ? liquidDose('Amoxicilina 250 mg/5 mL suspensión oral', 50, 25, 500, context.weight, 'cada 12 h durante 10 días')
          : 'Amoxicilina 500 mg, vía oral, cada 8 h durante 10 días',
      feverRelief(context),
    ],
    fever: true,
    icd10: 'J03.9',
    fits: ({ years }) => years >= 3,
  },
  {
    motive: 'Tos y congestión nasal',
    notes: 'Infección respiratoria de vías altas. Auscultación normal. Medidas generales.',
    subjective: 'Mucosidad nasal y tos seca de cuatro días, sin fiebre. Come y duerme con normalidad.',
    exploration: 'Rinorrea serosa. Faringe levemente hiperémica, sin exudado. Otoscopia normal. Auscultación pulmonar normal, sin trabajo respiratorio.',
    plan: 'Lavados nasales con suero fisiológico, líquidos y reposo relativo. No precisa antibiótico. Volver si fiebre de más de tres días o dificultad para respirar.',
    prognosis: 'Bueno; cuadro autolimitado en 7 a 10 días.',
    treatment: (context) => [feverRelief(context, 'si fiebre o malestar')],
    fever: false,
    icd10: 'J06.9',
    fits: () => true,
  },
  {
    motive: 'Dolor lumbar tras esfuerzo',
    notes: 'Lumbalgia mecánica sin signos de alarma. Lasègue negativo. Mantener actividad.',
    subjective: 'Dolor lumbar de tres días tras cargar peso, sin irradiación a piernas. Sin fiebre ni alteraciones urinarias.',
    exploration: 'Contractura paravertebral lumbar bilateral. Lasègue y Bragard negativos. Fuerza, sensibilidad y reflejos conservados en miembros inferiores.',
    plan: 'Mantener la actividad evitando cargas. Calor local. Volver si dolor irradiado, pérdida de fuerza o alteración de esfínteres.',
    prognosis: 'Bueno; mejoría esperada en dos semanas.',
    treatment: (context) => [
      noNsaid(context) ? 'Paracetamol 1 g, vía oral, cada 8 h durante 5 días' : 'Ibuprofeno 600 mg, vía oral, cada 8 h con comida durante 5 días',
      'Metocarbamol 500 mg, vía oral, cada 8 h durante 5 días',
    ],
    fever: false,
    icd10: 'M54.5',
    fits: ({ years }) => years >= 16,
  },
  {
    motive: 'Diarrea y vómitos desde ayer',
    notes: 'Gastroenteritis aguda. Buen estado general, sin signos de deshidratación. Dieta astringente.',
    subjective: 'Seis deposiciones líquidas sin sangre y tres vómitos desde ayer. Tolera pequeñas cantidades de líquido. Un familiar con el mismo cuadro.',
    exploration: 'Buen estado general. Mucosas húmedas, relleno capilar menor de 2 segundos. Abdomen blando, ruidos aumentados, sin signos de irritación peritoneal.',
    plan: 'Rehidratación oral en tomas pequeñas y frecuentes; dieta normal según tolerancia. Lavado de manos en casa. Volver si no tolera líquidos, sangre en heces o decaimiento.',
    prognosis: 'Bueno; autolimitado en 3 a 5 días.',
    treatment: (context) => [
      isChild(context)
        ? 'Solución de rehidratación oral, vía oral, 5 mL cada 2–3 minutos y 10 mL/kg tras cada deposición'
        : 'Solución de rehidratación oral, vía oral, 200 mL tras cada deposición',
    ],
    fever: false,
    icd10: 'A09',
    fits: ({ years }) => years >= 0.5,
  },
  {
    motive: 'Fiebre, tos productiva y malestar',
    notes: 'Roncus en ambos campos. Radiografía de tórax sin condensación. Bronquitis aguda.',
    subjective: 'Tos con expectoración amarillenta de una semana, fiebre de 38,3 °C los dos primeros días y malestar general.',
    exploration: 'Roncus dispersos en ambos campos pulmonares que se modifican con la tos, sin crepitantes. Radiografía de tórax sin condensación.',
    plan: 'Líquidos abundantes y antitérmico. Antibiótico solo por la edad y la fiebre de inicio. Volver si disnea o fiebre de más de tres días.',
    prognosis: 'Bueno; la tos puede durar hasta tres semanas.',
    treatment: (context) => [
      ...(isChild(context)
        ? []
        : [penicillinAllergic(context) ? 'Levofloxacino 500 mg, vía oral, cada 24 h durante 7 días' : 'Amoxicilina/clavulánico 875/125 mg, vía oral, cada 8 h durante 7 días']),
      feverRelief(context),
    ],
    fever: true,
    icd10: 'J20.9',
    fits: ({ years }) => years >= 6,
  },
  {
    motive: 'Torcedura de tobillo derecho',
    notes: 'Esguince de tobillo grado I. Reglas de Ottawa negativas. Reposo relativo, hielo y vendaje.',
    subjective: 'Inversión forzada del tobillo derecho ayer jugando; puede apoyar el pie con dolor.',
    exploration: 'Tumefacción y dolor a la palpación del ligamento peroneoastragalino anterior. Reglas de Ottawa negativas: no se solicita radiografía.',
    plan: 'Reposo relativo, hielo 15 minutos cada 4 horas, vendaje funcional y elevación. Apoyo progresivo según dolor.',
    prognosis: 'Bueno; recuperación en dos a tres semanas.',
    treatment: (context) => [feverRelief(context, 'si dolor')],
    fever: false,
    icd10: 'S93.4',
    fits: ({ years }) => years >= 6,
  },
  {
    motive: 'Dolor de oído y fiebre',
    notes: 'Otitis media aguda derecha.',
    subjective: 'Dolor de oído derecho desde anoche, irritable y con fiebre de 38,5 °C. Catarro los días previos.',
    exploration: 'Otoscopia: tímpano derecho abombado e hiperémico, sin otorrea. Tímpano izquierdo normal. Faringe hiperémica.',
    plan: 'Antibiótico completo, analgesia pautada las primeras 48 h. Revisión si sigue con fiebre a las 72 h.',
    prognosis: 'Bueno.',
    treatment: (context) => [
      penicillinAllergic(context)
        ? liquidDose('Azitromicina 200 mg/5 mL suspensión oral', 40, 10, 500, context.weight, 'cada 24 h durante 3 días')
        : liquidDose('Amoxicilina 250 mg/5 mL suspensión oral', 50, 27, 1000, context.weight, 'cada 8 h durante 7 días'),
      noNsaid(context) ? feverRelief(context, 'si dolor o fiebre') : liquidDose('Ibuprofeno 20 mg/mL suspensión oral', 20, 7, 400, context.weight, 'cada 8 h si dolor'),
    ],
    fever: true,
    icd10: 'H66.9',
    fits: ({ years }) => years >= 0.5 && years < 10,
  },
  {
    motive: 'Mocos y dificultad para respirar',
    notes: 'Bronquiolitis aguda leve.',
    subjective: 'Mucosidad y tos de tres días; desde ayer respira más rápido y come algo menos. Sin fiebre alta.',
    exploration: 'Buen estado general. Tiraje subcostal leve. Sibilancias y crepitantes finos dispersos. Sin signos de deshidratación.',
    plan: 'Lavados nasales antes de las tomas, tomas fraccionadas y posición semiincorporada. Signos de alarma explicados a la familia: volver si respira con dificultad, rechaza las tomas o hace pausas.',
    prognosis: 'Bueno; pico de síntomas entre el tercer y el quinto día.',
    treatment: () => ['Suero fisiológico, 2 mL en cada fosa nasal, vía nasal, antes de cada toma'],
    fever: false,
    icd10: 'J21.9',
    fits: ({ years }) => years < 2,
  },
  {
    motive: 'Ojo rojo con legañas',
    notes: 'Conjuntivitis bacteriana.',
    subjective: 'Ojo izquierdo rojo con secreción amarillenta desde hace dos días; se levanta con los párpados pegados. Sin dolor ni pérdida de visión.',
    exploration: 'Hiperemia conjuntival con secreción purulenta en ojo izquierdo. Córnea transparente. Agudeza visual conservada. Pupilas normales.',
    plan: 'Lavados con suero fisiológico antes del colirio. Toallas de uso individual. Volver si dolor, fotofobia o pérdida de visión.',
    prognosis: 'Bueno.',
    treatment: () => ['Tobramicina 0,3 % colirio, 1 gota en el ojo afectado, vía oftálmica, cada 6 h durante 5 días'],
    fever: false,
    icd10: 'H10.9',
    fits: () => true,
  },
  {
    motive: 'Escozor al orinar',
    notes: 'Cistitis aguda no complicada.',
    subjective: 'Escozor al orinar, urgencia y aumento de la frecuencia de dos días. Sin fiebre ni dolor lumbar.',
    exploration: 'Abdomen blando, leve dolor suprapúbico. Puñopercusión renal negativa. Tira de orina: leucocitos y nitritos positivos.',
    plan: 'Líquidos abundantes. Urocultivo si no mejora en 72 h o si recurre.',
    prognosis: 'Bueno.',
    treatment: () => ['Fosfomicina trometamol 3 g, vía oral, dosis única en ayunas'],
    fever: false,
    icd10: 'N39.0',
    fits: ({ years, sex }) => sex === 'F' && years >= 16,
  },
];
