import { describe, expect, it } from 'vitest';
import { parseHostList, redacted } from './host-list';

describe('a DATABASE_URL naming several hosts', () => {
  it('leaves a URL with one host and no target_session_attrs untouched', () => {
    for (const url of ['postgres://u:p@db.clinic:5432/expediente?sslmode=require', 'postgresql://u@localhost/expediente', 'postgres:///expediente']) {
      expect(parseHostList(url)).toEqual({ kind: 'single', url });
    }
  });

  it('gives each host its own URL, in order, with the user, database and other parameters kept', () => {
    const list = parseHostList('postgres://expediente:s3cr%40t@10.0.0.1:5432,10.0.0.2:5433/clinic?sslmode=require&target_session_attrs=read-write&application_name=x');
    expect(list).toEqual({
      kind: 'several',
      target: 'read-write',
      hosts: [
        { host: '10.0.0.1', port: 5432, url: 'postgres://expediente:s3cr%40t@10.0.0.1:5432/clinic?sslmode=require&application_name=x', label: '10.0.0.1:5432' },
        { host: '10.0.0.2', port: 5433, url: 'postgres://expediente:s3cr%40t@10.0.0.2:5433/clinic?sslmode=require&application_name=x', label: '10.0.0.2:5433' },
      ],
    });
  });

  it('reads hosts without a port and IPv6 addresses in brackets', () => {
    const list = parseHostList('postgresql://u@primary.clinic,[::1]:6432/db?target_session_attrs=primary');
    expect(list.kind === 'several' && list.hosts.map(({ host, port, url }) => ({ host, port, url }))).toEqual([
      { host: 'primary.clinic', port: undefined, url: 'postgresql://u@primary.clinic/db' },
      { host: '::1', port: 6432, url: 'postgresql://u@[::1]:6432/db' },
    ]);
    expect(list.kind === 'several' && list.target).toBe('primary');
  });

  it('takes any host that answers when target_session_attrs is not given', () => {
    const list = parseHostList('postgres://u@a:1,b:2/db');
    expect(list.kind === 'several' && list.target).toBe('any');
  });

  it('follows target_session_attrs on a single host too', () => {
    const list = parseHostList('postgres://u@a:1/db?target_session_attrs=read-write');
    expect(list.kind === 'several' && list.hosts.map((host) => host.url)).toEqual(['postgres://u@a:1/db']);
  });

  it('refuses a session kind it cannot give and a host it cannot read, without showing the password', () => {
    expect(() => parseHostList('postgres://u@a:1,b:2/db?target_session_attrs=standby')).toThrow(/target_session_attrs=standby is not supported/);
    expect(() => parseHostList('postgres://u:secret@a:1,b:x/db')).toThrow(/"b:x" in postgres:\/\/u:\*\*\*@a:1,b:x\/db is not a host/);
    expect(redacted('postgres://u:secret@a:1/db')).toBe('postgres://u:***@a:1/db');
  });
});
