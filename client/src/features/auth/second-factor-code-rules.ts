// The checks of the second step's one field, from the shared schemas. Its own module so the form can
// load it (and zod with it) on the first check only; importing zod's namespace there instead would
// keep the bundler from leaving out the parts of zod nobody uses.
import { z } from 'zod';
import { recoveryCodeSchema, totpCode } from '../../../../shared/second-factor';

export const codeRules = {
  totp: z.object({ code: totpCode }),
  recovery: z.object({ code: recoveryCodeSchema }),
};
