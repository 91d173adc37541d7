// What a command is given to open a practice key, or to make a new one: the practice passphrase
// from where the server reads it at start (PASSPHRASE_FILE, PASSPHRASE), the recovery key
// (RECOVERY_KEY, or typed after --recovery-key), and otherwise what is typed at the terminal with
// nothing shown. A script without a terminal and without a variable is refused, not left waiting.
import { practiceText } from '../practice-messages/practice-text';
import { passphraseFromEnvOrTerminal } from '../terminal-passphrase';
import { passphraseFrom } from './passphrase-source';
import { openWithPassphrase, openWithRecoveryKey, type PracticeKeyFile } from './practice-key';

/** As the backup's and the practice authority's: a passphrase is all that stands before a stolen disk. */
export const MIN_PRACTICE_PASSPHRASE_LENGTH = 12;

export type PracticeCredential = { passphrase: string } | { recoveryKey: string };

/** PASSPHRASE_FILE's content, else PASSPHRASE, as the server reads them at start. */
export const configuredPassphrase = (env: NodeJS.ProcessEnv): string | undefined =>
  passphraseFrom(env.PASSPHRASE_FILE ? { file: env.PASSPHRASE_FILE } : env.PASSPHRASE ? { value: env.PASSPHRASE } : undefined);

/** The credential that opens an existing practice key: RECOVERY_KEY or --recovery-key ask for the recovery key. */
export async function currentCredential(env: NodeJS.ProcessEnv, options: { recoveryKey?: boolean } = {}): Promise<PracticeCredential> {
  const text = practiceText(env);
  if (env.RECOVERY_KEY || options.recoveryKey) {
    const recoveryKey = await passphraseFromEnvOrTerminal(
      env.RECOVERY_KEY,
      { needed: text.recoveryKeyNeeded, prompt: text.recoveryKeyPrompt, again: '', differ: '' },
      { confirm: false },
    );
    return { recoveryKey };
  }
  const passphrase = await passphraseFromEnvOrTerminal(
    configuredPassphrase(env),
    { needed: text.practicePassphraseNeeded, prompt: text.practicePassphrasePrompt, again: '', differ: '' },
    { confirm: false },
  );
  return { passphrase };
}

/**
 * A new practice passphrase: from the variable `variable` names when it is set (PASSPHRASE_FILE or
 * PASSPHRASE for a new key, NEW_PASSPHRASE for a change), else typed twice. Too short a one is
 * refused before anything changes.
 */
export async function newPracticePassphrase(env: NodeJS.ProcessEnv, variable: 'PASSPHRASE' | 'NEW_PASSPHRASE'): Promise<string> {
  const text = practiceText(env);
  const passphrase = await passphraseFromEnvOrTerminal(
    variable === 'PASSPHRASE' ? configuredPassphrase(env) : env.NEW_PASSPHRASE,
    {
      needed: text.newPracticePassphraseNeeded({ variable: variable === 'PASSPHRASE' ? 'PASSPHRASE_FILE / PASSPHRASE' : variable }),
      prompt: text.newPracticePassphrasePrompt({ min: MIN_PRACTICE_PASSPHRASE_LENGTH }),
      again: text.practicePassphraseAgain,
      differ: text.practicePassphrasesDiffer,
    },
    { confirm: true },
  );
  if ([...passphrase].length < MIN_PRACTICE_PASSPHRASE_LENGTH) throw new Error(text.commandPassphraseTooShort({ min: MIN_PRACTICE_PASSPHRASE_LENGTH }));
  return passphrase;
}

/** The master key, or null when the credential does not open this key file. */
export function openPracticeKey(file: PracticeKeyFile, credential: PracticeCredential): Promise<Buffer | null> {
  if ('recoveryKey' in credential) return Promise.resolve(openWithRecoveryKey(file, credential.recoveryKey));
  return openWithPassphrase(file, credential.passphrase);
}

/** What a refusal says about the credential that did not open the key. */
export const wrongCredentialMessage = (credential: PracticeCredential, dataDir: string, env: NodeJS.ProcessEnv = process.env): string =>
  'recoveryKey' in credential ? practiceText(env).wrongRecoveryKey({ dataDir }) : practiceText(env).wrongPracticePassphrase({ dataDir });
