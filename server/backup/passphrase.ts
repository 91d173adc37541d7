// The backup passphrase: BACKUP_PASSPHRASE, or typed at a terminal with nothing echoed.
import { practiceText } from '../practice-messages/practice-text';
import { passphraseFromEnvOrTerminal } from '../terminal-passphrase';

/** All that protects an encrypted backup: refused shorter by `npm run backup` and, for BACKUP_PASSPHRASE, at start (config.ts). */
export const MIN_PASSPHRASE_LENGTH = 12;

export async function obtainPassphrase(env: NodeJS.ProcessEnv, options: { confirm: boolean }): Promise<string> {
  const text = practiceText();
  return passphraseFromEnvOrTerminal(
    env.BACKUP_PASSPHRASE,
    { needed: text.passphraseNeeded, prompt: text.passphrasePrompt, again: text.passphraseAgain, differ: text.passphrasesDiffer },
    options,
  );
}
