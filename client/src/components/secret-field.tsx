// The one field for what a person types to prove who they are or to open the practice: a password
// or passphrase (current or new), a code from the authenticator app, a recovery code, the practice's
// recovery key. The kind sets what browsers, password managers and phone keyboards should do with it.
import type { ComponentPropsWithRef } from 'react';
import { TextField } from './text-field';

const inputOf = {
  /** Offered by the password manager. */
  currentPassword: { type: 'password', autoComplete: 'current-password' },
  /** Saved by the password manager, which may suggest one. */
  newPassword: { type: 'password', autoComplete: 'new-password' },
  /** The practice's passphrase: not a sign-in, so no password manager fills it in. */
  passphrase: { type: 'password', autoComplete: 'off' },
  /** Six digits: the phone's number pad, and the code a phone may fill in from the app. */
  oneTimeCode: { autoComplete: 'one-time-code', inputMode: 'numeric', spellCheck: false },
  /** A one-time recovery code, typed as printed. */
  recoveryCode: { autoComplete: 'off', autoCapitalize: 'none', spellCheck: false },
  /** The practice's recovery key, in capitals as printed. */
  recoveryKey: { autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false },
} as const;

type SecretFieldProps = ComponentPropsWithRef<typeof TextField> & { kind: keyof typeof inputOf };

export function SecretField({ kind, ...props }: SecretFieldProps) {
  return <TextField {...inputOf[kind]} {...props} />;
}
