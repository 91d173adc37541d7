// `npm run tls -- --host NAME [--host NAME]... [--ip ADDRESS]... --ca-key FILE [--new-ca] [--data-dir DIR]`,
// read and checked before anything is written, so a typing mistake never leaves half a certificate.
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { domainToASCII } from 'node:url';
import { parseArgs } from 'node:util';
import { practiceText } from '../practice-messages/practice-text';

/** The usage text, in the practice's language. */
export const tlsUsage = (): string => practiceText().tlsUsage;

export interface TlsRequest {
  dataDir: string;
  hosts: string[];
  ipAddresses: string[];
  /** Absolute: the authority's encrypted key, outside DATA_DIR (ca-key-location.ts). */
  caKeyFile: string;
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
        'ca-key': { type: 'string' },
        'new-ca': { type: 'boolean', default: false },
        'data-dir': { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return { ok: false, message: `${(error as Error).message}\n${tlsUsage()}` };
  }
  const givenHosts = values.host ?? [];
  if (givenHosts.length === 0) return { ok: false, message: `${practiceText().tlsHostRequired}\n${tlsUsage()}` };

  const hosts: string[] = [];
  for (const given of givenHosts) {
    // An address has no name to bind passkeys to, and certificates keep addresses apart from names.
    if (normalizeIpAddress(given)) return { ok: false, message: practiceText().tlsHostIsAddress({ given }) };
    const host = normalizeHostName(given);
    if (!host) return { ok: false, message: practiceText().tlsNotAHostName({ given: JSON.stringify(given) }) };
    hosts.push(host);
  }
  const ipAddresses: string[] = [];
  for (const given of values.ip ?? []) {
    const address = normalizeIpAddress(given);
    if (!address) return { ok: false, message: practiceText().tlsNotAnAddress({ given: JSON.stringify(given) }) };
    ipAddresses.push(address);
  }
  // Asked for on every run, never defaulted: the authority signs each time, and a default place
  // would be one the practice did not choose to keep apart from the server.
  const caKeyFile = values['ca-key'];
  if (!caKeyFile) return { ok: false, message: `${practiceText().tlsCaKeyRequired}\n${tlsUsage()}` };
  return {
    ok: true,
    request: {
      dataDir: values['data-dir'] || env.DATA_DIR || './data',
      hosts: unique(hosts),
      ipAddresses: unique(ipAddresses),
      caKeyFile: resolve(caKeyFile),
      newCa: values['new-ca'] ?? false,
    },
  };
}
