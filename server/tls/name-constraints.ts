// X.509 Name Constraints (RFC 5280 §4.2.1.10) on the practice's authority: written into its
// certificate when it is made, read back from it, and checked here before anything is signed, since
// a browser would refuse a certificate outside them anyway and the practice should hear why from us.
// Only the two forms a browser matches a server against are handled: DNS names and IP addresses.
import { AsnConvert } from '@peculiar/asn1-schema';
import { GeneralName, GeneralSubtree, GeneralSubtrees, NameConstraints, id_ce_nameConstraints } from '@peculiar/asn1-x509';
import { BlockList, isIP } from 'node:net';
import { x509 } from './x509-library';

export interface NameScope {
  /** A name covers itself and every name below it (consultorio.local also covers a.consultorio.local). */
  dnsNames: string[];
  /** Address ranges as CIDR, 192.168.1.20/32 or ::1/128. */
  ipRanges: string[];
}

export interface AuthorityConstraints {
  permitted: NameScope;
  excluded: NameScope;
}

export function nameConstraintsExtension(permitted: NameScope): x509.Extension {
  const subtrees = [
    ...permitted.dnsNames.map((dNSName) => new GeneralSubtree({ base: new GeneralName({ dNSName }) })),
    ...permitted.ipRanges.map((iPAddress) => new GeneralSubtree({ base: new GeneralName({ iPAddress }) })),
  ];
  const value = AsnConvert.serialize(new NameConstraints({ permittedSubtrees: new GeneralSubtrees(subtrees) }));
  // Critical, as RFC 5280 requires: a verifier that cannot read the constraints must refuse the
  // authority rather than trust it for every name.
  return new x509.Extension(id_ce_nameConstraints, true, value);
}

function scopeOf(subtrees: GeneralSubtrees | undefined): NameScope {
  const scope: NameScope = { dnsNames: [], ipRanges: [] };
  for (const { base } of subtrees ?? []) {
    if (base.dNSName !== undefined) scope.dnsNames.push(base.dNSName.toLowerCase());
    // The library reads an address with its mask (8 or 32 bytes) as CIDR text.
    if (base.iPAddress !== undefined) scope.ipRanges.push(base.iPAddress);
  }
  return scope;
}

/** The authority's constraints, or undefined when it has none (an authority made before they were written). */
export function readNameConstraints(cert: x509.X509Certificate): AuthorityConstraints | undefined {
  const extension = cert.getExtension(id_ce_nameConstraints);
  if (!extension) return undefined;
  const constraints = AsnConvert.parse(extension.value, NameConstraints);
  return { permitted: scopeOf(constraints.permittedSubtrees), excluded: scopeOf(constraints.excludedSubtrees) };
}

/** RFC 5280's DNS rule: the name itself, or any name made by adding labels on its left. */
function dnsWithin(name: string, base: string): boolean {
  const lower = name.toLowerCase();
  if (base.startsWith('.')) return lower.endsWith(base);
  return lower === base || lower.endsWith(`.${base}`);
}

/** An IPv4 address only ever matches an IPv4 range and an IPv6 one an IPv6 range, as the bytes' lengths differ. */
function ipWithin(address: string, range: string): boolean {
  const [base, prefix] = range.split('/');
  const family = isIP(base ?? '');
  if (family === 0 || family !== isIP(address) || prefix === undefined) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const list = new BlockList();
  list.addSubnet(base!, Number(prefix), type);
  return list.check(address, type);
}

/**
 * The names an authority with these constraints may not vouch for. A form with no permitted entry
 * at all is not limited by them (RFC 5280), which is why the practice's authority always lists both.
 */
export function namesOutside(constraints: AuthorityConstraints | undefined, names: { dnsNames: readonly string[]; ipAddresses: readonly string[] }): string[] {
  if (!constraints) return [];
  const { permitted, excluded } = constraints;
  const dnsOutside = names.dnsNames.filter(
    (name) =>
      excluded.dnsNames.some((base) => dnsWithin(name, base)) ||
      (permitted.dnsNames.length > 0 && !permitted.dnsNames.some((base) => dnsWithin(name, base))),
  );
  const ipOutside = names.ipAddresses.filter(
    (address) =>
      excluded.ipRanges.some((range) => ipWithin(address, range)) ||
      (permitted.ipRanges.length > 0 && !permitted.ipRanges.some((range) => ipWithin(address, range))),
  );
  return [...dnsOutside, ...ipOutside];
}

/** A scope as people read it: a single address without its /32 or /128. */
export function describeScope(scope: NameScope): string {
  const single = (range: string) => {
    const [address, prefix] = range.split('/');
    return (isIP(address ?? '') === 4 && prefix === '32') || (isIP(address ?? '') === 6 && prefix === '128') ? address! : range;
  };
  return [...scope.dnsNames, ...scope.ipRanges.map(single)].join(', ');
}
