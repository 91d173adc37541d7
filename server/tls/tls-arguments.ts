// `npm run tls -- --host NAME [--host NAME]... [--ip ADDRESS]... [--new-ca] [--data-dir DIR]`, read
// and checked before anything is written, so a typing mistake never leaves half a certificate.
import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';
import { parseArgs } from 'node:util';

export const TLS_USAGE = [
  'Usage: npm run tls -- --host NAME [--host NAME]... [--ip ADDRESS]... [--new-ca] [--data-dir DIR]',
  '  --host NAME     a name the practice types to reach this machine (consultorio.local); the first is the',
  '                  one passkeys are bound to. Repeat it for more names.',
  '  --ip ADDRESS    an address of this machine (192.168.1.20) for devices that use it instead of a name.',
  '  --new-ca        replace the practice certificate authority: every device must then install the new one.',
  '  --data-dir DIR  where the certificates go, in DIR/tls (DATA_DIR, else ./data).',
].join('\n');

export interface TlsRequest {
  dataDir: string;
  hosts: string[];
  ipAddresses: string[];
  newCa: boolean;
}

export type TlsArguments = { ok: true; request: TlsRequest } | { ok: false; message: string };

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A host name as certificates carry it: lower case, an international name in its ASCII form (as the
 * browser sends it), no trailing dot. Undefined when it is no host name at all.
 */
export function normalizeHostName(name: string): string | undefined {
  const ascii = domainToASCII(name.trim().replace(/\.$/, '')).toLowerCase();
  if (ascii === '' || ascii.length > 253) return undefined;
  return ascii.split('.').every((label) => LABEL.test(label)) ? ascii : undefined;
}

/** An address as certificates carry it (IPv6 without brackets, in Node's canonical form). */
export function normalizeIpAddress(address: string): string | undefined {
  const bare = address.trim().replace(/^\[(.*)\]$/, '$1');
  // A zone (fe80::1%eth0) names this machine's interface, which no certificate can carry.
  if (isIP(bare) === 0 || bare.includes('%')) return undefined;
  return isIP(bare) === 6 ? new URL(`http://[${bare}]`).hostname.slice(1, -1) : bare;
}

const unique = (values: string[]) => [...new Set(values)];

export function parseTlsArguments(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): TlsArguments {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        host: { type: 'string', multiple: true },
        ip: { type: 'string', multiple: true },
        'new-ca': { type: 'boolean', default: false },
        'data-dir': { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return { ok: false, message: `${(error as Error).message}\n${TLS_USAGE}` };
  }
  const givenHosts = values.host ?? [];
  if (givenHosts.length === 0) return { ok: false, message: `--host is required: the name the practice types to reach this machine.\n${TLS_USAGE}` };

  const hosts: string[] = [];
  for (const given of givenHosts) {
    // An address has no name to bind passkeys to, and certificates keep addresses apart from names.
    if (normalizeIpAddress(given)) return { ok: false, message: `--host ${given} is an address: give it with --ip, and a name with --host.` };
    const host = normalizeHostName(given);
    if (!host) return { ok: false, message: `--host ${JSON.stringify(given)} is not a host name (letters, digits and hyphens, separated by dots).` };
    hosts.push(host);
  }
  const ipAddresses: string[] = [];
  for (const given of values.ip ?? []) {
    const address = normalizeIpAddress(given);
    if (!address) return { ok: false, message: `--ip ${JSON.stringify(given)} is not an IPv4 or IPv6 address.` };
    ipAddresses.push(address);
  }
  return {
    ok: true,
    request: {
      dataDir: values['data-dir'] || env.DATA_DIR || './data',
      hosts: unique(hosts),
      ipAddresses: unique(ipAddresses),
      newCa: values['new-ca'] ?? false,
    },
  };
}
