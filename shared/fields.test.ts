// The field rules of fields.ts, hostile values first: what each helper refuses, and what the ones
// it accepts become.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { localMoment } from './dates';
import {
  calendarDateSchema,
  clearableEmail,
  clearableId,
  clearableNumber,
  clearableText,
  dateOrMomentSchema,
  emailSchema,
  hasForbiddenCharacters,
  idSchema,
  listItem,
  longText,
  momentSchema,
  numberInRange,
  optionalEmail,
  optionalNumber,
  optionalText,
  pageNumber,
  personName,
  requiredText,
  text,
  timeOfDaySchema,
  withoutForbiddenCharacters,
} from './fields';

/** The message keys a value is refused with, or 'ok'. */
const messagesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? 'ok' : result.error.issues.map((issue) => issue.message);
};

// NUL, BEL, backspace, vertical tab, form feed, ESC, unit separator, DEL, C1 (NEL, CSI), bidi LRE/RLO/PDF, LRI/PDI.
const CONTROL_SAMPLES = ['\u0000', '\u0007', '\u0008', '\u000B', '\u000C', '\u001B', '\u001F', '\u007F', '\u0085', '\u009B'];
const BIDI_SAMPLES = ['\u202A', '\u202E', '\u202C', '\u2066', '\u2069'];

describe('hasForbiddenCharacters', () => {
  it('finds C0 and C1 controls and bidirectional overrides anywhere in the text', () => {
    for (const character of [...CONTROL_SAMPLES, ...BIDI_SAMPLES]) {
      expect(hasForbiddenCharacters(`Ana${character}Ruiz`), JSON.stringify(character)).toBe(true);
      expect(hasForbiddenCharacters(`Ana${character}Ruiz`, true), JSON.stringify(character)).toBe(true);
    }
  });

  it('lets tab and newline through only in multi-line text', () => {
    expect(hasForbiddenCharacters('uno\tdos')).toBe(true);
    expect(hasForbiddenCharacters('uno\ndos')).toBe(true);
    expect(hasForbiddenCharacters('uno\tdos\ntres', true)).toBe(false);
  });

  it('has a cleaning twin that drops what it finds', () => {
    expect(withoutForbiddenCharacters('in\u202Eforme\u0000\t.pdf')).toBe('informe.pdf');
    expect(withoutForbiddenCharacters('a\tb\nc\u001B', true)).toBe('a\tb\nc');
    expect(withoutForbiddenCharacters('🩺 José')).toBe('🩺 José');
  });

  it('accepts accents, ñ, other scripts, emoji and the left-to-right and right-to-left marks', () => {
    expect(hasForbiddenCharacters('José Ñúñez Çelik 李 محمد 🩺 \u200E\u200F')).toBe(false);
  });
});

describe('text fields', () => {
  it('refuse control and bidirectional characters in names with validation.controlCharacters', () => {
    const name = personName('validation.nameRequired');
    for (const character of [...CONTROL_SAMPLES, ...BIDI_SAMPLES, '\t', '\n', '\r']) {
      expect(messagesOf(name, `An${character}a`), JSON.stringify(character)).toEqual(['validation.controlCharacters']);
    }
  });

  it('trim plain whitespace around a name and keep what is inside', () => {
    expect(personName('validation.nameRequired').parse('  María José \n')).toBe('María José');
  });

  it('answer the field-specific key for a missing, blank or non-text required value', () => {
    const name = personName('validation.nameRequired');
    for (const value of [undefined, '', '   ', 5, null]) expect(messagesOf(name, value)).toEqual(['validation.nameRequired']);
    expect(messagesOf(name, 'a'.repeat(101))).toEqual(['validation.tooLong']);
    expect(messagesOf(requiredText('validation.motiveRequired', 300), 'a'.repeat(300))).toBe('ok');
  });

  it('refuse a non-text optional value with validation.invalid', () => {
    for (const value of [5, true, ['a'], { a: 1 }]) expect(messagesOf(clearableText(50), value)).toEqual(['validation.invalid']);
  });

  it('keep "not given" (optionalText → undefined) apart from "cleared" (clearableText → null)', () => {
    for (const blank of ['', '   ', null, undefined]) {
      expect(optionalText(40).parse(blank)).toBeUndefined();
      expect(clearableText(40).parse(blank)).toBeNull();
    }
    expect(optionalText(40).parse(' 555 0101 ')).toBe('555 0101');
    expect(clearableText(40).parse(' 555 0101 ')).toBe('555 0101');
    expect(messagesOf(optionalText(40), 'a\u0000')).toEqual(['validation.controlCharacters']);
    expect(messagesOf(clearableText(40), '\u202Egpj.exe')).toEqual(['validation.controlCharacters']);
  });

  it('allow tab and line breaks in long notes, storing CR LF and CR as LF, but no other control', () => {
    expect(longText(2000).parse('Dolor:\tleve\r\nControl en 2 semanas\rFin')).toBe('Dolor:\tleve\nControl en 2 semanas\nFin');
    expect(longText(2000).parse('')).toBeNull();
    for (const character of [...CONTROL_SAMPLES, ...BIDI_SAMPLES]) {
      expect(messagesOf(longText(2000), `no${character}ta`), JSON.stringify(character)).toEqual(['validation.controlCharacters']);
    }
    expect(messagesOf(optionalText(500, { multiline: true }), 'a\nb')).toBe('ok');
    expect(messagesOf(optionalText(500), 'a\nb')).toEqual(['validation.controlCharacters']);
  });

  it('check a length range with its own key (an emergency reason)', () => {
    const reason = text({ max: 20, min: 10, multiline: true, requiredKey: 'validation.emergencyReasonLength', lengthKey: 'validation.emergencyReasonLength' });
    expect(messagesOf(reason, 'corto')).toEqual(['validation.emergencyReasonLength']);
    expect(messagesOf(reason, '')).toEqual(['validation.emergencyReasonLength']);
    expect(messagesOf(reason, 'a'.repeat(21))).toEqual(['validation.emergencyReasonLength']);
    expect(messagesOf(reason, 'Paciente\ninconsciente')).toEqual(['validation.emergencyReasonLength']);
    expect(reason.parse('Inconsciente\nen urgencias'.slice(0, 20))).toBe('Inconsciente\nen urge');
  });

  it('refuse blank or hostile list entries', () => {
    expect(messagesOf(listItem(200), '  ')).toEqual(['validation.required']);
    expect(messagesOf(listItem(200), 'Ibuprofeno\u001B[2J')).toEqual(['validation.controlCharacters']);
    expect(listItem(200).parse(' Ibuprofeno 400 mg ')).toBe('Ibuprofeno 400 mg');
  });
});

describe('idSchema', () => {
  it('takes a positive safe integer as a JSON number or plain decimal text', () => {
    expect(idSchema.parse(1)).toBe(1);
    expect(idSchema.parse(12)).toBe(12);
    expect(idSchema.parse('12')).toBe(12);
    expect(idSchema.parse(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
  });

  it.each([
    ['0x1'],
    ['1e0'],
    ['1.0'],
    ['1.5'],
    [' 1'],
    ['1 '],
    ['01'],
    ['+1'],
    ['-1'],
    ['0'],
    [''],
    ['Infinity'],
    ['1'.repeat(400)],
    [String(2 ** 53)],
    [true],
    [false],
    [[1]],
    [{ id: 1 }],
    [null],
    [undefined],
    [0],
    [-3],
    [1.5],
    [2 ** 53],
    [Number.NaN],
  ])('refuses %j with validation.idInvalid', (value) => {
    expect(messagesOf(idSchema, value)).toEqual(['validation.idInvalid']);
  });

  it('has a blank-means-none variant for optional references', () => {
    expect(clearableId.parse('')).toBeNull();
    expect(clearableId.parse(null)).toBeNull();
    expect(clearableId.parse('7')).toBe(7);
    expect(messagesOf(clearableId, '0x7')).toEqual(['validation.idInvalid']);
    expect(messagesOf(clearableId, true)).toEqual(['validation.idInvalid']);
  });
});

describe('pageNumber', () => {
  it('takes 1 to 100000 as a number or plain decimal text, nothing else', () => {
    expect(pageNumber.parse('3')).toBe(3);
    expect(pageNumber.parse(100_000)).toBe(100_000);
    for (const value of ['0', 0, '100001', '1e2', '2.0', true, [2], ' 2']) {
      expect(messagesOf(pageNumber, value), JSON.stringify(value)).toEqual(['validation.pageInvalid']);
    }
  });
});

describe('numbers from form fields', () => {
  const weight = numberInRange(0.2, 500, 'validation.weightRange', { step: 0.1 });

  it('read plain decimals with a point or a comma', () => {
    expect(clearableNumber(weight).parse('70.5')).toBe(70.5);
    expect(clearableNumber(weight).parse(' 70,5 ')).toBe(70.5);
    expect(clearableNumber(weight).parse(70.5)).toBe(70.5);
    expect(optionalNumber(weight).parse('.5')).toBe(0.5);
  });

  it('keep blank as undefined (optionalNumber) or null (clearableNumber)', () => {
    for (const blank of ['', null, undefined]) {
      expect(optionalNumber(weight).parse(blank)).toBeUndefined();
      expect(clearableNumber(weight).parse(blank)).toBeNull();
    }
  });

  it('refuse what Number() would read but a person would not type', () => {
    for (const value of ['0x10', '1e2', 'Infinity', '70 kg', '7,0,1', '--5', true, [70], {}]) {
      expect(messagesOf(clearableNumber(weight), value), JSON.stringify(value)).toEqual(['validation.numberInvalid']);
    }
  });

  it('check range, whole numbers and steps', () => {
    const heartRate = clearableNumber(numberInRange(20, 300, 'validation.heartRateRange', { integer: true }));
    expect(messagesOf(heartRate, '301')).toEqual(['validation.heartRateRange']);
    expect(messagesOf(heartRate, '72.5')).toEqual(['validation.wholeNumber']);
    expect(messagesOf(clearableNumber(weight), '70.25')).toEqual(['validation.stepTenth']);
  });
});

describe('calendarDateSchema', () => {
  it('takes real YYYY-MM-DD dates only', () => {
    expect(calendarDateSchema.parse('2024-02-29')).toBe('2024-02-29');
    for (const value of ['2023-02-29', '2024-13-01', '2024-1-01', '2024-01-01T10:00', '2024-01-01Z', '20240101', '']) {
      expect(messagesOf(calendarDateSchema, value), value).toEqual(['validation.dateInvalid']);
    }
    expect(messagesOf(calendarDateSchema, 20240101)).toEqual(['validation.dateRequired']);
  });
});

describe('momentSchema', () => {
  it('keeps a practice-local YYYY-MM-DDTHH:mm as it is', () => {
    expect(momentSchema.parse('2026-11-22T10:00')).toBe('2026-11-22T10:00');
  });

  it('drops the seconds and fraction of a local moment', () => {
    expect(momentSchema.parse('2026-11-22T10:07:59')).toBe('2026-11-22T10:07');
    expect(momentSchema.parse('2026-11-22T10:07:59.999')).toBe('2026-11-22T10:07');
  });

  it('converts Z and offsets to the practice local time (the process time zone)', () => {
    for (const [value, instant] of [
      ['2026-11-22T10:00:00.000Z', '2026-11-22T10:00:00.000Z'],
      ['2026-11-22T10:00Z', '2026-11-22T10:00:00.000Z'],
      ['2026-11-22T10:00:00+01:00', '2026-11-22T09:00:00.000Z'],
      ['2026-11-22T10:00:00-05:30', '2026-11-22T15:30:00.000Z'],
      ['2026-11-22T10:00:00+0130', '2026-11-22T08:30:00.000Z'],
      ['2026-06-30T23:30:00.5-03:00', '2026-07-01T02:30:00.500Z'],
    ] as const) {
      expect(momentSchema.parse(value), value).toBe(localMoment(new Date(instant)));
    }
  });

  it.each([
    '2026-11-22',
    '2026-11-22 10:00',
    '2026-11-22t10:00',
    '2026-11-22T10',
    '2026-11-22T24:00',
    '2026-11-22T10:60',
    '2026-11-22T10:00:60',
    '2026-02-30T10:00',
    '2026-11-22T10:00:00+24:00',
    '2026-11-22T10:00:00+01:60',
    '2026-11-22T10:00:00+1',
    '2026-11-22T10:00:00.1234567890Z',
    '2026-11-22T10:00:00ZZ',
    '+002026-11-22T10:00:00Z',
    '1700000000000',
  ])('refuses %j with validation.momentInvalid', (value) => {
    expect(messagesOf(momentSchema, value)).toEqual(['validation.momentInvalid']);
  });

  it('answers validation.dateRequired for a value that is not text', () => {
    expect(messagesOf(momentSchema, 1_700_000_000_000)).toEqual(['validation.dateRequired']);
  });

  it('lets a vital date be a calendar date or any accepted moment', () => {
    expect(dateOrMomentSchema.parse('2026-06-01')).toBe('2026-06-01');
    expect(dateOrMomentSchema.parse('2026-06-01T09:00:00Z')).toBe(localMoment(new Date('2026-06-01T09:00:00Z')));
    expect(messagesOf(dateOrMomentSchema, 'yesterday')).toEqual(['validation.dateInvalid']);
  });
});

describe('timeOfDaySchema', () => {
  it('takes HH:mm only', () => {
    expect(timeOfDaySchema.parse('09:30')).toBe('09:30');
    for (const value of ['9:30', '24:00', '09:30:00', '09:30Z']) expect(messagesOf(timeOfDaySchema, value), value).toEqual(['validation.timeInvalid']);
  });
});

describe('emails', () => {
  it('are trimmed and checked', () => {
    expect(emailSchema.parse('  ana@example.test ')).toBe('ana@example.test');
    expect(messagesOf(emailSchema, '')).toEqual(['validation.emailRequired']);
    expect(messagesOf(emailSchema, 'ana')).toEqual(['validation.emailInvalid']);
  });

  it('refuse control and bidirectional characters', () => {
    for (const character of ['\u0000', '\u001B', '\u0085', '\u202E']) {
      expect(messagesOf(emailSchema, `ana${character}@example.test`), JSON.stringify(character)).toEqual(['validation.controlCharacters']);
    }
  });

  it('have a blank-means-absent variant (optionalEmail) and a blank-means-none one (clearableEmail)', () => {
    for (const blank of ['', '  ', null, undefined]) expect(optionalEmail.parse(blank)).toBeUndefined();
    expect(optionalEmail.parse(' doc@example.test ')).toBe('doc@example.test');
    expect(messagesOf(optionalEmail, 'doc\u0000@example.test')).toEqual(['validation.controlCharacters']);
    expect(messagesOf(optionalEmail, 'doc')).toEqual(['validation.emailInvalid']);
    expect(clearableEmail.parse('')).toBeNull();
    expect(messagesOf(clearableEmail, 'rosa\u202E@example.test')).toEqual(['validation.controlCharacters']);
  });
});
