// The WebAuthn relying party: passkeys are bound to a host name, and a browser signs the origin it
// was on, so both come from the configuration (docs/security.md "Second factors and passkeys"), never from the request.
import type { Config } from '../../config';

export interface RelyingParty {
  /** The host name passkeys are bound to (no scheme, no port). */
  rpId: string;
  /** Shown by the browser and the authenticator. */
  rpName: string;
  /** Origins a signed ceremony may come from. */
  origins: string[];
}

export function relyingPartyOf(config: Pick<Config, 'publicOrigin' | 'port' | 'tls' | 'practiceName'>): RelyingParty {
  const rpName = config.practiceName ?? 'Expediente';
  if (config.publicOrigin) {
    const url = new URL(config.publicOrigin);
    return { rpId: url.hostname, rpName, origins: [url.origin] };
  }
  // The practice certificate of `npm run tls`: its first --host is the name the practice types.
  const practiceHost = config.tls?.practiceHost;
  if (practiceHost) {
    return { rpId: practiceHost, rpName, origins: [new URL(`https://${practiceHost}:${config.port}`).origin] };
  }
  // Otherwise the machine itself: browsers treat localhost as a secure context.
  const scheme = config.tls ? 'https' : 'http';
  return { rpId: 'localhost', rpName, origins: [`${scheme}://localhost:${config.port}`] };
}
