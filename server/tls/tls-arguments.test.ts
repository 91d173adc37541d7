// The arguments of `npm run tls`, checked before anything is written.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeHostName, normalizeIpAddress, parseTlsArguments } from './tls-arguments';

describe('parseTlsArguments', () => {
  it('reads repeated --host and --ip, in order and without repeats', () => {
    const parsed = parseTlsArguments(
      ['--host', 'Consultorio.Local.', '--host=recepcion', '--ip', '192.168.1.20', '--ip', '[FE80::0:1]', '--host', 'consultorio.local', '--ca-key', '/media/usb/ca-key.pem'],
      {},
    );
    expect(parsed).toEqual({
      ok: true,
      request: {
        dataDir: './data',
        hosts: ['consultorio.local', 'recepcion'],
        ipAddresses: ['192.168.1.20', 'fe80::1'],
        caKeyFile: '/media/usb/ca-key.pem',
        newCa: false,
      },
    });
  });

  it('takes the key file as an absolute path, so messages name the file wherever the command ran', () => {
    const parsed = parseTlsArguments(['--host', 'a', '--ca-key', 'usb/ca-key.pem'], {});
    expect(parsed.ok && parsed.request.caKeyFile).toBe(resolve('usb/ca-key.pem'));
  });

  it('writes into --data-dir, else DATA_DIR, else ./data', () => {
    const dataDir = (argv: string[], env: NodeJS.ProcessEnv) => {
      const parsed = parseTlsArguments(['--host', 'a', '--ca-key', '/k.pem', ...argv], env);
      return parsed.ok ? parsed.request.dataDir : parsed.message;
    };
    expect(dataDir(['--data-dir', '/srv/x'], { DATA_DIR: '/srv/y' })).toBe('/srv/x');
    expect(dataDir([], { DATA_DIR: '/srv/y' })).toBe('/srv/y');
    expect(dataDir([], { DATA_DIR: '' })).toBe('./data');
  });

  it('takes --new-ca', () => {
    const parsed = parseTlsArguments(['--host', 'a', '--ca-key', '/k.pem', '--new-ca'], {});
    expect(parsed.ok && parsed.request.newCa).toBe(true);
  });

  it.each([
    [[], /--host is required/],
    [['--ip', '192.168.1.20'], /--host is required/],
    [['--host', '192.168.1.20'], /is an address: give it with --ip/],
    [['--host', 'under_score.local'], /"under_score.local" is not a host name/],
    [['--host', '*.local'], /is not a host name/],
    [['--host=-dash.local'], /"-dash.local" is not a host name/],
    [['--host', 'a', '--host'], /argument missing|ambiguous/],
    [['--host', 'a', '--ip', '192.168.1.300'], /--ip "192.168.1.300" is not an IPv4 or IPv6 address/],
    [['--host', 'a', '--ip', 'fe80::1%eth0'], /is not an IPv4 or IPv6 address/],
    [['--host', 'a', '--port', '3000'], /Unknown option '--port'[\s\S]*Usage: npm run tls/],
    [['--host', 'a', 'b'], /Unexpected argument 'b'/],
    [['--host', 'a'], /^--ca-key is required: the file, outside DATA_DIR, [\s\S]*Usage: npm run tls/],
    [['--host', 'a', '--ca-key', ''], /--ca-key is required/],
    [['--host', 'a', '--ca-key'], /argument missing/],
  ])('refuses %j with a message', (argv, message) => {
    const parsed = parseTlsArguments(argv, {});
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.message).toMatch(message);
  });
});

describe('host names and addresses as certificates carry them', () => {
  it('writes international names in their ASCII form, as the browser sends them', () => {
    expect(normalizeHostName('consultorio-josé.local')).toBe(new URL('http://consultorio-josé.local').hostname);
    expect(normalizeHostName('consultorio-josé.local')).toMatch(/^xn--/);
    expect(normalizeHostName('a'.repeat(64))).toBeUndefined();
    expect(normalizeHostName('')).toBeUndefined();
  });

  it('writes IPv6 addresses in one form, without brackets', () => {
    expect(normalizeIpAddress('[::1]')).toBe('::1');
    expect(normalizeIpAddress('2001:DB8:0:0::1')).toBe('2001:db8::1');
    expect(normalizeIpAddress('10.0.0.1')).toBe('10.0.0.1');
    expect(normalizeIpAddress('consultorio')).toBeUndefined();
  });
});
