// The backup passphrase: BACKUP_PASSPHRASE, or typed at a terminal with nothing echoed. A script
// without a terminal and without the variable is refused rather than left waiting for input.
import { stdin, stderr } from 'node:process';

export async function obtainPassphrase(env: NodeJS.ProcessEnv, options: { confirm: boolean }): Promise<string> {
  const fromEnv = env.BACKUP_PASSPHRASE;
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  if (!stdin.isTTY) throw new Error('Set BACKUP_PASSPHRASE, or run this at a terminal to type the passphrase.');
  const passphrase = await promptHidden('Backup passphrase: ');
  if (options.confirm && (await promptHidden('The same passphrase again: ')) !== passphrase) {
    throw new Error('The two passphrases differ; nothing was written.');
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
        if (char === '\u0003') return finish(new Error('Cancelled.'));
        if (char === '\u007f' || char === '\b') typed = [...typed].slice(0, -1).join('');
        else typed += char;
      }
    };
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on('data', onData);
  });
}
