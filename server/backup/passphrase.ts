// The backup passphrase: BACKUP_PASSPHRASE, or typed at a terminal with nothing echoed. A script
// without a terminal and without the variable is refused rather than left waiting for input.
import { stdin, stderr } from 'node:process';
import { practiceText } from '../practice-messages/practice-text';

export async function obtainPassphrase(env: NodeJS.ProcessEnv, options: { confirm: boolean }): Promise<string> {
  const fromEnv = env.BACKUP_PASSPHRASE;
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  if (!stdin.isTTY) throw new Error(practiceText().passphraseNeeded);
  const passphrase = await promptHidden(practiceText().passphrasePrompt);
  if (options.confirm && (await promptHidden(practiceText().passphraseAgain)) !== passphrase) {
    throw new Error(practiceText().passphrasesDiffer);
  }
  return passphrase;
}

/** Reads one line from the terminal in raw mode, so the passphrase never appears on screen. */
function promptHidden(question: string): Promise<string> {
  stderr.write(question);
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
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on('data', onData);
  });
}
