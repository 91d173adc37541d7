// The demo practice's passphrase when the environment gives none: four groups of three syllables
// ("baliro-tesuna-gomipe-ruvado"), easy to read aloud and to type on the unlock page in Spanish or
// English. Drawn from the system's random source, as a real practice's passphrase should be, even
// though the demo's records are invented: 16 consonants × 5 vowels per syllable, twelve syllables,
// about 76 bits.
import { randomInt } from 'node:crypto';

const CONSONANTS = 'bcdfgjklmnprstvz';
const VOWELS = 'aeiou';
const GROUPS = 4;
const SYLLABLES_PER_GROUP = 3;

const syllable = () => `${CONSONANTS[randomInt(CONSONANTS.length)]}${VOWELS[randomInt(VOWELS.length)]}`;

export function demoPassphrase(): string {
  return Array.from({ length: GROUPS }, () => Array.from({ length: SYLLABLES_PER_GROUP }, syllable).join('')).join('-');
}
