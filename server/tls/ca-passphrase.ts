// The passphrase of the practice authority's key (ca-key-file.ts): CA_PASSPHRASE, or typed at a
// terminal with nothing echoed, twice when it is chosen for a new key file.
import { practiceText } from '../practice-messages/practice-text';
import { passphraseFromEnvOrTerminal } from '../terminal-passphrase';
import { CA_KEY_MIN_PASSPHRASE_LENGTH } from './ca-key-file';

/** `confirm`: the passphrase is being chosen (a new key file), so it is asked twice. */
export type CaPassphraseSource = (options: { confirm: boolean }) => Promise<string>;

export function caPassphraseFromEnvOrTerminal(env: NodeJS.ProcessEnv): CaPassphraseSource {
  return ({ confirm }) => {
    const text = practiceText(env);
    return passphraseFromEnvOrTerminal(
      env.CA_PASSPHRASE,
      {
        needed: text.tlsPassphraseNeeded,
        prompt: confirm ? text.tlsNewPassphrasePrompt({ min: CA_KEY_MIN_PASSPHRASE_LENGTH }) : text.tlsPassphrasePrompt,
        again: text.tlsPassphraseAgain,
        differ: text.tlsPassphrasesDiffer,
      },
      { confirm },
    );
  };
}
