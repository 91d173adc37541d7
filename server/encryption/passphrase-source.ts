// The practice passphrase as the configuration gives it: PASSPHRASE_FILE's content (a systemd
// credential such as $CREDENTIALS_DIRECTORY/expediente-passphrase, bound to the machine's TPM with
// `systemd-creds encrypt`), else PASSPHRASE. A file's one trailing line end is not part of it, as
// `echo` and editors add one; a file that cannot be read stops the start with its reason rather
// than leaving the practice locked for a reason nobody sees.
import { readFileSync } from 'node:fs';
import type { Config } from '../config';

export function passphraseFrom(source: Config['passphraseSource']): string | undefined {
  if (!source) return undefined;
  if ('value' in source) return source.value;
  let text: string;
  try {
    text = readFileSync(source.file, 'utf8');
  } catch (error) {
    throw new Error(`PASSPHRASE_FILE ${source.file} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`, { cause: error });
  }
  const passphrase = text.replace(/\r?\n$/, '');
  if (passphrase === '') throw new Error(`PASSPHRASE_FILE ${source.file} is empty`);
  return passphrase;
}
