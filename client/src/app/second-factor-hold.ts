// The practice's second-factor policy as the client sees it (API.md): once any call of this
// session answers 403 TWO_FACTOR_REQUIRED, the session is held on the security page until a second
// factor is set up. Nothing in the profile says so beforehand; the refusal is the signal. The hold
// belongs to the session that was refused, so signing out, or another user signing in, ends it.
import { createContext, useContext } from 'react';

export interface SecondFactorHold {
  /** The current session was refused for lack of a second factor. */
  held: boolean;
  /** A second factor is set up: the calls that were refused are asked again. */
  release: () => void;
}

export const SecondFactorHoldContext = createContext<SecondFactorHold>({ held: false, release: () => {} });

export const useSecondFactorHold = (): SecondFactorHold => useContext(SecondFactorHoldContext);
