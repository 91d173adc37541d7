// The well-child programme (Programa de Salud Infantil): the check-ups a child is seen at from
// birth to fourteen, what each note says, and the ages the booked agenda may bring a child back at.

/** The check-ups' ages, in months (the first a fortnight after birth). */
export const CHECK_UP_MONTHS = [0.5, 1, 2, 4, 6, 11, 12, 15, 18, 24, 36, 48, 72, 96, 120, 144, 168] as const;

export const WELL_CHILD_CODE = 'Z00.1';

const feeding = (months: number) =>
  months < 6
    ? 'Lactancia materna a demanda, buena ganancia de peso.'
    : months < 12
      ? 'Alimentación complementaria bien introducida; lactancia materna dos veces al día.'
      : months < 36
        ? 'Come de todo en trozos; duerme toda la noche.'
        : 'Come variado; practica deporte en el colegio. Sin preocupaciones de la familia.';

const development = (months: number) =>
  months < 4
    ? 'Sostiene la cabeza, sonrisa social.'
    : months < 12
      ? 'Se sienta sin apoyo, balbucea, pinza superior en desarrollo.'
      : months < 36
        ? 'Camina solo, dice varias palabras y entiende órdenes sencillas.'
        : 'Desarrollo psicomotor y escolar adecuados para su edad.';

// Blood pressure and visual acuity are checked from three years of age.
const examinationAt = (months: number) =>
  months < 18 ? 'Fontanela anterior normotensa. Caderas estables.' : months < 36 ? 'Marcha normal. Dentición adecuada para la edad.' : 'Agudeza visual y tensión arterial adecuadas para la edad.';

/** A check-up's note at `months` of age. */
export function checkUpNote(months: number): { motive: string; subjective: string; findings: string; plan: string; prognosis: string; medications: string[] } {
  const age = months < 1 ? 'recién nacido' : months < 24 ? `${Math.round(months)} meses` : `${Math.round(months / 12)} años`;
  return {
    motive: `Revisión del niño sano (${age})`,
    subjective: `Revisión programada del programa de salud infantil. ${feeding(months)} ${development(months)}`,
    findings: `Exploración por aparatos normal. Peso y talla en percentiles estables. ${examinationAt(months)}`,
    plan: `Vacunas del calendario según edad. Consejos de alimentación, sueño y prevención de accidentes${months < 12 ? ', y dormir boca arriba' : ''}. Próxima revisión según el programa.`,
    prognosis: 'Bueno: crecimiento y desarrollo normales.',
    medications: months < 12 ? ['Vitamina D3 400 UI (2 gotas), vía oral, cada 24 h hasta los 12 meses'] : [],
  };
}
