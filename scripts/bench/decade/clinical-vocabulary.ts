// What a general practice writes over ten years, in Spanish: visit reasons, notes, CIE-10 codes
// (named exactly as data/catalog/cie10-es.tsv names them, which is what an appointment stores:
// services/appointment-diagnoses.ts), drugs and lab tests.

export const DIAGNOSES: readonly { code: string; name: string }[] = [
  { code: 'I10', name: 'Hipertensión esencial (primaria)' },
  { code: 'E11.9', name: 'Diabetes mellitus no insulinodependiente sin mención de complicación' },
  { code: 'J06.9', name: 'Infección aguda de las vías respiratorias superiores no especificada' },
  { code: 'E78.5', name: 'Hiperlipidemia no especificada' },
  { code: 'M54.5', name: 'Lumbago no especificado' },
  { code: 'K29.7', name: 'Gastritis no especificada' },
  { code: 'N39.0', name: 'Infección de vías urinarias sitio no especificado' },
  { code: 'J45.9', name: 'Asma no especificado' },
  { code: 'F41.1', name: 'Trastorno de ansiedad generalizada' },
  { code: 'E66.9', name: 'Obesidad no especificada' },
  { code: 'R51', name: 'Cefalea' },
  { code: 'K21.9', name: 'Enfermedad del reflujo gastroesofágico sin esofagitis' },
  { code: 'J02.9', name: 'Faringitis aguda no especificada' },
  { code: 'A09', name: 'Otras gastroenteritis y colitis de origen infeccioso y no especificado' },
  { code: 'L30.9', name: 'Dermatitis no especificada' },
  { code: 'H10.9', name: 'Conjuntivitis no especificada' },
  { code: 'Z00.0', name: 'Examen médico general' },
  { code: 'E03.9', name: 'Hipotiroidismo no especificado' },
  { code: 'M17.9', name: 'Gonartrosis no especificada' },
  { code: 'R10.4', name: 'Otros dolores abdominales y los no especificados' },
];

export const MOTIVES = [
  'Control de tensión arterial', 'Revisión anual', 'Dolor de garganta', 'Control de glucosa', 'Dolor lumbar',
  'Fiebre y tos', 'Revisión de analítica', 'Dolor abdominal', 'Cefalea persistente', 'Renovación de tratamiento',
  'Molestias urinarias', 'Ansiedad e insomnio', 'Control de peso', 'Erupción cutánea', 'Dolor de rodilla',
];

export const SUBJECTIVE = [
  'Refiere evolución favorable desde la última visita, sin nuevos síntomas.',
  'Cuadro de tres días de evolución, sin fiebre documentada.',
  'Paciente refiere mala adherencia al tratamiento en el último mes.',
  'Acude por empeoramiento progresivo de los síntomas durante la última semana.',
];

export const EXPLORATION = [
  'Buen estado general, consciente y orientado. Auscultación cardiopulmonar normal.',
  'Orofaringe hiperémica sin exudados. Adenopatías cervicales no palpables.',
  'Abdomen blando y depresible, doloroso a la palpación en epigastrio, sin signos de irritación peritoneal.',
  'Contractura paravertebral lumbar, Lasègue negativo bilateral.',
];

export const PLANS = [
  'Se mantiene el tratamiento actual y se cita en tres meses con analítica.',
  'Se pauta tratamiento sintomático y se dan signos de alarma.',
  'Se ajusta la dosis y se solicita analítica de control.',
  'Se recomienda dieta, ejercicio y control en seis semanas.',
];

export const PROGNOSES = ['Bueno', 'Favorable', 'Reservado', 'Bueno para la vida y la función'];

export const NOTES = [
  'Paciente estable, sin cambios relevantes en la exploración física. Se ajusta tratamiento.',
  'Se explica el diagnóstico y el plan; el paciente entiende y está de acuerdo.',
  'Pendiente de resultados de laboratorio para valorar cambios en la pauta.',
];

export const DRUGS: readonly { drug: string; strength: string; form: string; dose: string; frequency: string; duration: string }[] = [
  { drug: 'Metformina', strength: '850 mg', form: 'comprimido', dose: '1 comprimido', frequency: 'cada 12 horas', duration: '90 días' },
  { drug: 'Losartán', strength: '50 mg', form: 'comprimido', dose: '1 comprimido', frequency: 'cada 24 horas', duration: '90 días' },
  { drug: 'Paracetamol', strength: '1 g', form: 'comprimido', dose: '1 comprimido', frequency: 'cada 8 horas', duration: '5 días' },
  { drug: 'Ibuprofeno', strength: '600 mg', form: 'comprimido', dose: '1 comprimido', frequency: 'cada 8 horas', duration: '7 días' },
  { drug: 'Omeprazol', strength: '20 mg', form: 'cápsula', dose: '1 cápsula', frequency: 'cada 24 horas', duration: '30 días' },
  { drug: 'Amoxicilina', strength: '500 mg', form: 'cápsula', dose: '1 cápsula', frequency: 'cada 8 horas', duration: '7 días' },
  { drug: 'Atorvastatina', strength: '20 mg', form: 'comprimido', dose: '1 comprimido', frequency: 'cada 24 horas', duration: '90 días' },
  { drug: 'Salbutamol', strength: '100 mcg', form: 'inhalador', dose: '2 inhalaciones', frequency: 'a demanda', duration: '30 días' },
  { drug: 'Levotiroxina', strength: '50 mcg', form: 'comprimido', dose: '1 comprimido', frequency: 'en ayunas', duration: '90 días' },
  { drug: 'Sertralina', strength: '50 mg', form: 'comprimido', dose: '1 comprimido', frequency: 'cada 24 horas', duration: '60 días' },
];

export const LAB_TESTS: readonly { name: string; unit: string; range: string; low: number; high: number }[] = [
  { name: 'Glucosa', unit: 'mg/dL', range: '70-100', low: 70, high: 180 },
  { name: 'Hemoglobina glucosilada', unit: '%', range: '4-5.6', low: 4.5, high: 9 },
  { name: 'Colesterol total', unit: 'mg/dL', range: '<200', low: 140, high: 290 },
  { name: 'Triglicéridos', unit: 'mg/dL', range: '<150', low: 60, high: 320 },
  { name: 'Creatinina', unit: 'mg/dL', range: '0.6-1.2', low: 0.5, high: 1.8 },
  { name: 'TSH', unit: 'mUI/L', range: '0.4-4', low: 0.3, high: 8 },
  { name: 'Hemoglobina', unit: 'g/dL', range: '12-16', low: 10, high: 17 },
];

export const SPECIALTIES = ['Medicina familiar', 'Medicina interna', 'Pediatría', 'Medicina general'];
