// A passphrase from an environment variable, or typed at a terminal with nothing echoed: the backup
// passphrase (backup/passphrase.ts) and that of the practice authority's key (tls/ca-passphrase.ts).
// A script without a terminal and without the variable is refused rather than left waiting for input.
import { stdin, stderr } from 'node:process';
import { practiceText } from './practice-messages/practice-text';

/** What the terminal is asked and told, in the practice's language. */
export interface PassphraseQuestions {
  /** Why there is nothing to ask: no variable and no terminal. */
  needed: string;
  prompt: string;
  again: string;
  differ: string;
}

export async function passphraseFromEnvOrTerminal(fromEnv: string | undefined, questions: PassphraseQuestions, options: { confirm: boolean }): Promise<string> {
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  if (!stdin.isTTY) throw new Error(questions.needed);
  const passphrase = await promptHidden(questions.prompt);
  if (options.confirm && (await promptHidden(questions.again)) !== passphrase) {
    throw new Error(questions.differ);
  }
  return passphrase;
}

/** Reads one line from the terminal in raw mode, so the passphrase never appears on screen. */
function promptHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      stderr.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (data: Buffer) => {
      for (const char of data.toString('utf8')) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003') return finish(new Error(practiceText().passphraseCancelled));
        if (char === '\u007f' || char === '\b') typed = [...typed].slice(0, -1).join('');
        else typed += char;
      }
    };
    // Echo off before the question shows: an answer typed (or sent) the moment it appears must not
    // reach the terminal while the mode is still changing.
    stdin.setRawMode(true);
    stderr.write(question);
    stdin.resume();
    stdin.on('data', onData);
  });
}
