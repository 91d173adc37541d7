// What the binary and the scripts say to the practice, in its language (language.ts). Read when
// a message is made, not once at load, so a command's language follows its environment.
import { en } from './en/index';
import { es } from './es/index';
import { practiceLanguage } from './language';

export type PracticeText = typeof es;

export const practiceText = (env: NodeJS.ProcessEnv = process.env): PracticeText => (practiceLanguage(env) === 'en' ? en : es);
