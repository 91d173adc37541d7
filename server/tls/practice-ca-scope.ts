// What the practice's authority may vouch for, written into it as Name Constraints when it is made:
// the names and addresses `npm run tls` was given, and this machine's own. Whoever obtains the
// authority's key can then sign for nothing else that the practice's devices would accept, not a bank,
// not a mail provider. A new name later needs a new authority (--new-ca), which every device installs.
import type { NameScope } from './name-constraints';

/**
 * `localhost` so a browser on the server machine itself can use HTTPS (and passkeys) without a name
 * on the network; 127.0.0.1 and ::1 because that is where localhost is served, and a browser there
 * may be pointed at the address. They also keep the address form always listed: RFC 5280 leaves a
 * form with no permitted entry unconstrained, so an authority given no --ip would otherwise vouch for
 * every address. Loopback reaches only the device itself, so they let no one impersonate another machine.
 */
export const LOCAL_DNS_NAMES = ['localhost'] as const;
export const LOCAL_IP_RANGES = ['127.0.0.1/32', '::1/128'] as const;

export function practiceCaScope(hosts: readonly string[], ipAddresses: readonly string[]): NameScope {
  const ranges = ipAddresses.map((address) => (address.includes(':') ? `${address}/128` : `${address}/32`));
  return {
    dnsNames: [...new Set([...hosts, ...LOCAL_DNS_NAMES])],
    ipRanges: [...new Set([...ranges, ...LOCAL_IP_RANGES])],
  };
}
