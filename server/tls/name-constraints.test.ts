// RFC 5280's matching of names against an authority's constraints, as our code applies it before
// signing: the same answers a verifier gives (practice-ca-name-constraints.test.ts asks OpenSSL).
import { describe, expect, it } from 'vitest';
import { describeScope, namesOutside, type AuthorityConstraints } from './name-constraints';
import { practiceCaScope } from './practice-ca-scope';

const none = { dnsNames: [], ipRanges: [] };
const outside = (constraints: AuthorityConstraints | undefined, dnsNames: string[], ipAddresses: string[] = []) =>
  namesOutside(constraints, { dnsNames, ipAddresses });

describe('namesOutside', () => {
  const practice: AuthorityConstraints = { permitted: practiceCaScope(['consultorio.local'], ['192.168.1.20', 'fd00::20']), excluded: none };

  it('permits a name, the names below it, and no name that merely ends like it', () => {
    expect(outside(practice, ['consultorio.local', 'CONSULTORIO.local', 'a.b.consultorio.local', 'localhost'])).toEqual([]);
    expect(outside(practice, ['otroconsultorio.local', 'local', 'consultorio.local.example', 'www.bank.example'])).toEqual([
      'otroconsultorio.local',
      'local',
      'consultorio.local.example',
      'www.bank.example',
    ]);
  });

  it('permits the addresses given and loopback, each only in its own family', () => {
    expect(outside(practice, [], ['192.168.1.20', 'fd00::20', '127.0.0.1', '::1'])).toEqual([]);
    expect(outside(practice, [], ['192.168.1.21', '127.0.0.2', '::ffff:192.168.1.20', '10.0.0.1'])).toEqual([
      '192.168.1.21',
      '127.0.0.2',
      '::ffff:192.168.1.20',
      '10.0.0.1',
    ]);
  });

  it('leaves a form with no permitted entry unlimited, and honours exclusions and a leading dot', () => {
    const dnsOnly: AuthorityConstraints = { permitted: { dnsNames: ['consultorio.local'], ipRanges: [] }, excluded: none };
    expect(outside(dnsOnly, [], ['203.0.113.7'])).toEqual([]);
    const withExclusion: AuthorityConstraints = { permitted: none, excluded: { dnsNames: ['.example'], ipRanges: ['10.0.0.0/8'] } };
    expect(outside(withExclusion, ['example', 'a.example', 'consultorio.local'], ['10.1.2.3', '192.168.1.1'])).toEqual(['a.example', '10.1.2.3']);
    expect(outside(undefined, ['anything.example'], ['10.0.0.1'])).toEqual([]);
  });
});

describe('describeScope', () => {
  it('writes single addresses without their prefix and ranges with it', () => {
    expect(describeScope({ dnsNames: ['a.local'], ipRanges: ['192.168.1.20/32', '::1/128', '10.0.0.0/8', '2001:db8::/32'] })).toBe(
      'a.local, 192.168.1.20, ::1, 10.0.0.0/8, 2001:db8::/32',
    );
  });
});
