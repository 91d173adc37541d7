// The chronic conditions a family practice sees most, with what each brings to a record: its
// CIE-10 code (one of the diagnosis catalog's: data/catalog/cie10-es.tsv), usual treatment, the visit that controls it and the lab test that follows it.
import type { DemoPatient } from './people';

export type ConditionKey = 'hypertension' | 'diabetes' | 'dyslipidemia' | 'asthma' | 'hypothyroidism' | 'copd' | 'anxiety' | 'reflux' | 'osteoarthritis' | 'migraine';

export interface ChronicCondition {
  key: ConditionKey;
  condition: string;
  icd10: string;
  status: 'Chronic' | 'Active';
  notes: string;
  medications: string[];
  controlMotive: string;
  /** How likely a patient of this age and sex has it (roughly Spain's primary-care prevalence). */
  likelihood: (patient: Pick<DemoPatient, 'age' | 'sex'>) => number;
}

const byAge = (young: number, middle: number, old: number) => ({ age }: { age: number }) => (age < 40 ? young : age < 65 ? middle : old);

export const CHRONIC_CONDITIONS: readonly ChronicCondition[] = [
  {
    key: 'hypertension',
    condition: 'Hipertensión arterial esencial',
    icd10: 'I10',
    status: 'Chronic',
    notes: 'Objetivo de presión arterial < 140/90 mmHg. Dieta hiposódica y ejercicio aeróbico.',
    medications: ['Enalapril 10 mg cada 12 h'],
    controlMotive: 'Control de hipertensión arterial',
    likelihood: byAge(0.04, 0.3, 0.6),
  },
  {
    key: 'diabetes',
    condition: 'Diabetes mellitus tipo 2',
    icd10: 'E11.9',
    status: 'Chronic',
    notes: 'Objetivo de HbA1c < 7 %. Revisión anual de fondo de ojo y de pies.',
    medications: ['Metformina 850 mg cada 12 h'],
    controlMotive: 'Control de diabetes tipo 2',
    likelihood: byAge(0.01, 0.12, 0.25),
  },
  {
    key: 'dyslipidemia',
    condition: 'Hipercolesterolemia',
    icd10: 'E78.0',
    status: 'Chronic',
    notes: 'Riesgo cardiovascular moderado (SCORE2). Objetivo de LDL < 100 mg/dL.',
    medications: ['Atorvastatina 20 mg cada 24 h (noche)'],
    controlMotive: 'Revisión de perfil lipídico',
    likelihood: byAge(0.05, 0.3, 0.45),
  },
  {
    key: 'asthma',
    condition: 'Asma bronquial persistente leve',
    icd10: 'J45.0',
    status: 'Chronic',
    notes: 'Desencadenantes: ácaros y ejercicio. Revisar técnica de inhalación en cada visita.',
    medications: ['Budesonida/formoterol 160/4,5 µg, 1 inhalación cada 12 h', 'Salbutamol 100 µg inhalado a demanda'],
    controlMotive: 'Control de asma',
    likelihood: byAge(0.12, 0.06, 0.05),
  },
  {
    key: 'hypothyroidism',
    condition: 'Hipotiroidismo primario',
    icd10: 'E03.9',
    status: 'Chronic',
    notes: 'Tiroiditis de Hashimoto. TSH cada 6 meses.',
    medications: ['Levotiroxina 75 µg en ayunas'],
    controlMotive: 'Control de hipotiroidismo',
    likelihood: ({ age, sex }) => (sex === 'F' ? (age < 40 ? 0.06 : 0.12) : 0.02),
  },
  {
    key: 'copd',
    condition: 'Enfermedad pulmonar obstructiva crónica (EPOC)',
    icd10: 'J44.9',
    status: 'Chronic',
    notes: 'Exfumador. GOLD grupo A. Espirometría: FEV1 68 % del teórico.',
    medications: ['Tiotropio 2,5 µg, 2 inhalaciones cada 24 h'],
    controlMotive: 'Control de EPOC',
    likelihood: byAge(0, 0.04, 0.12),
  },
  {
    key: 'anxiety',
    condition: 'Trastorno de ansiedad generalizada',
    icd10: 'F41.1',
    status: 'Active',
    notes: 'En seguimiento con psicología del centro. Buena respuesta al tratamiento.',
    medications: ['Sertralina 50 mg cada 24 h'],
    controlMotive: 'Seguimiento de ansiedad',
    likelihood: byAge(0.1, 0.08, 0.04),
  },
  {
    key: 'reflux',
    condition: 'Enfermedad por reflujo gastroesofágico',
    icd10: 'K21.9',
    status: 'Active',
    notes: 'Pirosis posprandial. Medidas higiénico-dietéticas.',
    medications: ['Omeprazol 20 mg cada 24 h en ayunas'],
    controlMotive: 'Revisión de reflujo gastroesofágico',
    likelihood: byAge(0.05, 0.1, 0.1),
  },
  {
    key: 'osteoarthritis',
    condition: 'Gonartrosis bilateral',
    icd10: 'M17.0',
    status: 'Chronic',
    notes: 'Dolor mecánico en ambas rodillas. Fisioterapia y control de peso.',
    medications: ['Paracetamol 1 g cada 8 h si dolor'],
    controlMotive: 'Dolor de rodillas, revisión',
    likelihood: byAge(0, 0.08, 0.3),
  },
  {
    key: 'migraine',
    condition: 'Migraña sin aura',
    icd10: 'G43.0',
    status: 'Chronic',
    notes: 'Dos a tres crisis al mes. Diario de cefaleas.',
    medications: ['Sumatriptán 50 mg al inicio de la crisis'],
    controlMotive: 'Seguimiento de migraña',
    likelihood: ({ age, sex }) => (age > 60 ? 0.02 : sex === 'F' ? 0.14 : 0.05),
  },
];

/** Past episodes, resolved: they show the history a long-standing patient carries. */
export const RESOLVED_EPISODES = [
  { condition: 'Neumonía adquirida en la comunidad', notes: 'Tratada con antibiótico oral; radiografía de control normal.' },
  { condition: 'Apendicitis aguda', notes: 'Apendicectomía laparoscópica sin complicaciones.' },
  { condition: 'Fractura de radio distal izquierdo', notes: 'Tratamiento conservador con yeso durante 6 semanas.' },
  { condition: 'Colecistitis aguda', notes: 'Colecistectomía programada; asintomático desde entonces.' },
  { condition: 'Herpes zóster torácico', notes: 'Resuelto con valaciclovir; sin neuralgia posherpética.' },
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
