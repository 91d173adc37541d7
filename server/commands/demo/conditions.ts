// The chronic conditions a family practice sees most, with what each brings to a record: its
// CIE-10 code (one of the diagnosis catalog's: data/catalog/cie10-es.tsv), usual treatment (dose,
// route and frequency, as NOM-004 6.2.6 asks), the control visit and what its note says, and the
// lab test that follows it.
import type { DemoPatient } from './people';

export type ConditionKey =
  | 'hypertension' | 'diabetes' | 'dyslipidemia' | 'asthma' | 'hypothyroidism' | 'copd' | 'anxiety' | 'reflux' | 'osteoarthritis' | 'migraine' | 'eczema';

/** What a control visit's note says about the condition, beyond the vital signs of the day. */
export interface ControlNote {
  /** What the patient tells, one of them drawn per visit. */
  subjective: readonly string[];
  /** The examination's findings for this condition (the vital signs are written before them). */
  exploration: string;
  plan: string;
  prognosis: string;
}

export interface ChronicCondition {
  key: ConditionKey;
  condition: string;
  icd10: string;
  status: 'Chronic' | 'Active';
  notes: string;
  medications: string[];
  /** A child under twelve's treatment, where it differs. */
  childMedications?: string[];
  controlMotive: string;
  control: ControlNote;
  /** The youngest age the demo gives it at, and the earliest it can have been diagnosed. */
  onsetAge: number;
  /** How likely a patient of this age and sex has it (roughly Spain's primary-care prevalence). */
  likelihood: (patient: Pick<DemoPatient, 'age' | 'sex'>) => number;
}

const byAge = (child: number, young: number, middle: number, old: number) => ({ age }: { age: number }) =>
  age < 18 ? child : age < 40 ? young : age < 65 ? middle : old;

export const CHRONIC_CONDITIONS: readonly ChronicCondition[] = [
  {
    key: 'hypertension',
    condition: 'Hipertensión arterial esencial',
    icd10: 'I10',
    status: 'Chronic',
    notes: 'Objetivo de presión arterial < 140/90 mmHg. Dieta hiposódica y ejercicio aeróbico.',
    medications: ['Enalapril 10 mg, vía oral, cada 12 h'],
    controlMotive: 'Control de hipertensión arterial',
    control: {
      subjective: [
        'Acude a control. Refiere buena adherencia al tratamiento, sin tos ni mareos. Tomas en domicilio en torno a 130/80 mmHg.',
        'Control programado. Asintomático: niega cefalea, dolor torácico o disnea. Sigue dieta con poca sal.',
        'Revisión de tratamiento. Algún olvido ocasional de la toma nocturna. Sin efectos adversos.',
      ],
      exploration: 'Auscultación cardiaca rítmica, sin soplos. Pulsos pedios presentes. Sin edemas en miembros inferiores.',
      plan: 'Mantener enalapril. Dieta hiposódica y caminar 30 minutos al día. Automedida de presión arterial dos días por semana. Analítica con iones y creatinina antes de la próxima revisión.',
      prognosis: 'Bueno para la vida y la función con buen control tensional.',
    },
    onsetAge: 18,
    likelihood: byAge(0, 0.04, 0.3, 0.6),
  },
  {
    key: 'diabetes',
    condition: 'Diabetes mellitus tipo 2',
    icd10: 'E11.9',
    status: 'Chronic',
    notes: 'Objetivo de HbA1c < 7 %. Revisión anual de fondo de ojo y de pies.',
    medications: ['Metformina 850 mg, vía oral, cada 12 h con las comidas'],
    controlMotive: 'Control de diabetes tipo 2',
    control: {
      subjective: [
        'Control de diabetes. Refiere glucemias capilares en ayunas entre 110 y 140 mg/dL. Sin hipoglucemias. Buena tolerancia digestiva a la metformina.',
        'Acude con la libreta de glucemias. Cumple la dieta con dificultad los fines de semana. Niega poliuria y polidipsia.',
      ],
      exploration: 'Pies sin lesiones; monofilamento y pulsos pedios conservados. Auscultación cardiopulmonar normal.',
      plan: 'Mantener metformina. Dieta mediterránea con reducción de hidratos de carbono simples y ejercicio diario. HbA1c, perfil lipídico y cociente albúmina/creatinina en orina antes de la próxima visita. Fondo de ojo anual.',
      prognosis: 'Bueno a medio plazo si se mantiene la HbA1c en objetivo; riesgo cardiovascular alto.',
    },
    onsetAge: 18,
    likelihood: byAge(0, 0.01, 0.12, 0.25),
  },
  {
    key: 'dyslipidemia',
    condition: 'Hipercolesterolemia',
    icd10: 'E78.0',
    status: 'Chronic',
    notes: 'Riesgo cardiovascular moderado (SCORE2). Objetivo de LDL < 100 mg/dL.',
    medications: ['Atorvastatina 20 mg, vía oral, cada 24 h (noche)'],
    controlMotive: 'Revisión de perfil lipídico',
    control: {
      subjective: [
        'Revisión de colesterol. Toma la atorvastatina cada noche. Niega dolores musculares.',
        'Acude para valorar la analítica. Ha reducido embutidos y fritos. Sin mialgias.',
      ],
      exploration: 'Sin xantomas ni xantelasmas. Auscultación cardiaca normal.',
      plan: 'Mantener atorvastatina. Dieta mediterránea y ejercicio aeróbico. Perfil lipídico y transaminasas en seis meses.',
      prognosis: 'Bueno; el riesgo cardiovascular baja al alcanzar el objetivo de LDL.',
    },
    onsetAge: 18,
    likelihood: byAge(0, 0.05, 0.3, 0.45),
  },
  {
    key: 'asthma',
    condition: 'Asma bronquial persistente leve',
    icd10: 'J45.0',
    status: 'Chronic',
    notes: 'Desencadenantes: ácaros y ejercicio. Revisar técnica de inhalación en cada visita.',
    medications: ['Budesonida/formoterol 160/4,5 µg, 1 inhalación, vía inhalatoria, cada 12 h', 'Salbutamol 100 µg, 2 inhalaciones, vía inhalatoria, a demanda'],
    childMedications: ['Budesonida 200 µg, 1 inhalación con cámara espaciadora, vía inhalatoria, cada 12 h', 'Salbutamol 100 µg, 2 inhalaciones con cámara espaciadora, vía inhalatoria, a demanda'],
    controlMotive: 'Control de asma',
    control: {
      subjective: [
        'Control de asma. Sin despertares nocturnos por tos. Usa el salbutamol menos de dos veces por semana.',
        'Revisión. Algo de tos con el ejercicio en las últimas semanas; mejora con salbutamol antes del deporte.',
      ],
      exploration: 'Murmullo vesicular conservado, sin sibilancias ni tiraje. Técnica de inhalación correcta.',
      plan: 'Mantener tratamiento de base. Salbutamol antes del ejercicio si lo precisa. Medidas de control de ácaros en casa. Plan de acción por escrito ante crisis.',
      prognosis: 'Bueno; asma bien controlada.',
    },
    onsetAge: 3,
    likelihood: byAge(0.1, 0.08, 0.06, 0.05),
  },
  {
    key: 'eczema',
    condition: 'Dermatitis atópica',
    icd10: 'L20.9',
    status: 'Chronic',
    notes: 'Brotes en flexuras en invierno. Piel seca de base.',
    medications: ['Emoliente sin perfume, vía tópica, 2 veces al día', 'Hidrocortisona 1 % crema, vía tópica, cada 24 h en los brotes (máximo 7 días)'],
    controlMotive: 'Revisión de dermatitis atópica',
    control: {
      subjective: [
        'Revisión de dermatitis. Brote leve en flexuras hace dos semanas que cedió con la crema. Menos picor nocturno.',
        'Acude por picor en codos y rodillas. Usa el emoliente a diario.',
      ],
      exploration: 'Piel seca con placas eccematosas leves en flexuras de codos y huecos poplíteos, sin signos de sobreinfección.',
      plan: 'Hidratación diaria con emoliente, ducha corta con agua templada, ropa de algodón. Corticoide tópico solo en brotes.',
      prognosis: 'Bueno; tiende a mejorar con la edad.',
    },
    onsetAge: 0,
    likelihood: byAge(0.15, 0.03, 0.02, 0.01),
  },
  {
    key: 'hypothyroidism',
    condition: 'Hipotiroidismo primario',
    icd10: 'E03.9',
    status: 'Chronic',
    notes: 'Tiroiditis de Hashimoto. TSH cada 6 meses.',
    medications: ['Levotiroxina 75 µg, vía oral, cada 24 h en ayunas'],
    controlMotive: 'Control de hipotiroidismo',
    control: {
      subjective: [
        'Control de hipotiroidismo. Toma la levotiroxina en ayunas. Sin cansancio, intolerancia al frío ni palpitaciones.',
        'Revisión de la analítica. Refiere algo de cansancio por las tardes.',
      ],
      exploration: 'Tiroides no palpable, sin nódulos. Piel y faneras normales. Reflejos conservados.',
      plan: 'Mantener la dosis de levotiroxina, separada 30 minutos del desayuno. TSH en seis meses.',
      prognosis: 'Excelente con tratamiento sustitutivo.',
    },
    onsetAge: 12,
    likelihood: ({ age, sex }) => (age < 12 ? 0 : sex === 'F' ? (age < 40 ? 0.06 : 0.12) : 0.02),
  },
  {
    key: 'copd',
    condition: 'Enfermedad pulmonar obstructiva crónica (EPOC)',
    icd10: 'J44.9',
    status: 'Chronic',
    notes: 'Exfumador. GOLD grupo A. Espirometría: FEV1 68 % del teórico.',
    medications: ['Tiotropio 2,5 µg, 2 inhalaciones, vía inhalatoria, cada 24 h'],
    controlMotive: 'Control de EPOC',
    control: {
      subjective: [
        'Control de EPOC. Disnea al subir dos pisos (mMRC 1), estable. Sin exacerbaciones desde la última visita.',
        'Revisión. Expectoración blanquecina matutina habitual. No ha necesitado antibióticos ni corticoides.',
      ],
      exploration: 'Murmullo vesicular disminuido de forma global, sin crepitantes ni sibilancias. Sin edemas.',
      plan: 'Mantener tiotropio. Revisar técnica de inhalación. Caminar a diario. Vacunación antigripal y antineumocócica al día.',
      prognosis: 'Reservado a largo plazo; estable con tratamiento y sin tabaco.',
    },
    onsetAge: 45,
    likelihood: ({ age }) => (age < 45 ? 0 : age < 65 ? 0.04 : 0.12),
  },
  {
    key: 'anxiety',
    condition: 'Trastorno de ansiedad generalizada',
    icd10: 'F41.1',
    status: 'Active',
    notes: 'En seguimiento con psicología del centro. Buena respuesta al tratamiento.',
    medications: ['Sertralina 50 mg, vía oral, cada 24 h'],
    controlMotive: 'Seguimiento de ansiedad',
    control: {
      subjective: [
        'Seguimiento. Duerme mejor y ha retomado la actividad habitual. Acude a psicología cada dos semanas.',
        'Revisión. Más nerviosismo por problemas laborales, sin crisis de pánico. Buena tolerancia a la sertralina.',
      ],
      exploration: 'Consciente, orientación conservada en las tres esferas, discurso coherente, ánimo eutímico. Sin ideación autolítica.',
      plan: 'Mantener sertralina al menos seis meses tras la mejoría. Continuar con psicología. Higiene del sueño y ejercicio.',
      prognosis: 'Bueno con tratamiento combinado.',
    },
    onsetAge: 14,
    likelihood: byAge(0.03, 0.1, 0.08, 0.04),
  },
  {
    key: 'reflux',
    condition: 'Enfermedad por reflujo gastroesofágico',
    icd10: 'K21.9',
    status: 'Active',
    notes: 'Pirosis posprandial. Medidas higiénico-dietéticas.',
    medications: ['Omeprazol 20 mg, vía oral, cada 24 h en ayunas'],
    controlMotive: 'Revisión de reflujo gastroesofágico',
    control: {
      subjective: [
        'Revisión. La pirosis ha cedido con omeprazol. Cena antes y eleva el cabecero de la cama.',
        'Refiere pirosis ocasional tras comidas copiosas. Sin disfagia ni pérdida de peso.',
      ],
      exploration: 'Abdomen blando y depresible, no doloroso, sin masas ni visceromegalias.',
      plan: 'Omeprazol 20 mg a demanda; intentar retirada progresiva. Evitar comidas copiosas, café y alcohol.',
      prognosis: 'Bueno.',
    },
    onsetAge: 18,
    likelihood: byAge(0, 0.05, 0.1, 0.1),
  },
  {
    key: 'osteoarthritis',
    condition: 'Gonartrosis bilateral',
    icd10: 'M17.0',
    status: 'Chronic',
    notes: 'Dolor mecánico en ambas rodillas. Fisioterapia y control de peso.',
    medications: ['Paracetamol 1 g, vía oral, cada 8 h si dolor'],
    controlMotive: 'Dolor de rodillas, revisión',
    control: {
      subjective: [
        'Dolor en ambas rodillas al bajar escaleras y tras caminar más de media hora. Mejora con reposo y paracetamol.',
        'Revisión. Menos dolor desde que hace los ejercicios de fisioterapia. Sin episodios de derrame.',
      ],
      exploration: 'Crepitación en ambas rodillas, sin derrame ni signos inflamatorios. Flexión limitada en los últimos grados.',
      plan: 'Paracetamol si dolor. Ejercicios de fortalecimiento de cuádriceps a diario. Reducción de peso. Valorar infiltración si empeora.',
      prognosis: 'Crónico y lentamente progresivo; buen control del dolor con medidas conservadoras.',
    },
    onsetAge: 45,
    likelihood: ({ age }) => (age < 45 ? 0 : age < 65 ? 0.08 : 0.3),
  },
  {
    key: 'migraine',
    condition: 'Migraña sin aura',
    icd10: 'G43.0',
    status: 'Chronic',
    notes: 'Dos a tres crisis al mes. Diario de cefaleas.',
    medications: ['Sumatriptán 50 mg, vía oral, al inicio de la crisis (máximo 2 comprimidos al día)'],
    controlMotive: 'Seguimiento de migraña',
    control: {
      subjective: [
        'Seguimiento. Dos crisis este mes, hemicraneales, pulsátiles, con fotofobia; ceden con sumatriptán.',
        'Revisa el diario de cefaleas: tres crisis al mes, relacionadas con falta de sueño. No abusa de analgésicos.',
      ],
      exploration: 'Exploración neurológica normal: pares craneales, fuerza, sensibilidad y marcha sin alteraciones. Fondo de ojo normal.',
      plan: 'Sumatriptán al inicio de la crisis. Horarios regulares de sueño y comidas. Continuar el diario de cefaleas; valorar profilaxis si más de cuatro crisis al mes.',
      prognosis: 'Bueno; enfermedad benigna con crisis recurrentes.',
    },
    onsetAge: 10,
    likelihood: ({ age, sex }) => (age < 10 ? 0 : age > 60 ? 0.02 : sex === 'F' ? 0.14 : 0.05),
  },
];

/** Past episodes, resolved: they show the history a long-standing patient carries (each for patients of `ages`, both ends counted). */
export const RESOLVED_EPISODES = [
  { condition: 'Neumonía adquirida en la comunidad', notes: 'Tratada con antibiótico oral; radiografía de control normal.', ages: [3, 90] },
  { condition: 'Apendicitis aguda', notes: 'Apendicectomía laparoscópica sin complicaciones.', ages: [6, 90] },
  { condition: 'Fractura de radio distal izquierdo', notes: 'Tratamiento conservador con yeso durante 6 semanas.', ages: [6, 90] },
  { condition: 'Colecistitis aguda', notes: 'Colecistectomía programada; asintomático desde entonces.', ages: [35, 90] },
  { condition: 'Herpes zóster torácico', notes: 'Resuelto con valaciclovir; sin neuralgia posherpética.', ages: [45, 90] },
  { condition: 'Bronquiolitis aguda', notes: 'Manejo en domicilio con lavados nasales y tomas fraccionadas; sin ingreso.', ages: [0, 4] },
] as const;

export const ALLERGIES = [
  { allergyName: 'Penicilina', type: 'Medicamento', severity: 'Severe', reaction: 'Urticaria generalizada y angioedema' },
  { allergyName: 'Ácido acetilsalicílico', type: 'Medicamento', severity: 'Moderate', reaction: 'Broncoespasmo' },
  { allergyName: 'Ibuprofeno', type: 'Medicamento', severity: 'Moderate', reaction: 'Urticaria' },
  { allergyName: 'Sulfamidas', type: 'Medicamento', severity: 'Moderate', reaction: 'Exantema cutáneo' },
  { allergyName: 'Polen de gramíneas', type: 'Ambiental', severity: 'Mild', reaction: 'Rinoconjuntivitis estacional' },
  { allergyName: 'Ácaros del polvo', type: 'Ambiental', severity: 'Mild', reaction: 'Rinitis y tos nocturna' },
  { allergyName: 'Frutos secos', type: 'Alimento', severity: 'Severe', reaction: 'Anafilaxia; lleva autoinyector de adrenalina' },
  { allergyName: 'Marisco', type: 'Alimento', severity: 'Moderate', reaction: 'Urticaria y vómitos' },
  { allergyName: 'Látex', type: 'Contacto', severity: 'Moderate', reaction: 'Dermatitis de contacto' },
  { allergyName: 'Picadura de avispa', type: 'Insecto', severity: 'Severe', reaction: 'Edema local extenso e hipotensión' },
] as const;
