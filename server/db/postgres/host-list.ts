// DATABASE_URL in libpq's multi-host form, which node-postgres does not read:
// `postgres://user:password@host1:5432,host2:5433/db?target_session_attrs=read-write` names a
// primary and its standbys, and says that the server wants the one that takes writes. This turns
// such a URL into one plain URL per host (each of which node-postgres reads as always) and the kind
// of session wanted; connection-pool.ts picks the host.

/** The session a server wants, as libpq's target_session_attrs says it. */
export type SessionTarget = 'any' | 'read-write' | 'primary';

export interface DatabaseHost {
  host: string;
  /** Undefined when the URL gives none: node-postgres's default port (5432, or PGPORT) applies. */
  port: number | undefined;
  /** The whole URL with this host alone and without target_session_attrs. */
  url: string;
  /** `host:port`, for messages. */
  label: string;
}

export type HostList =
  /** One host and no target_session_attrs: the URL goes to node-postgres untouched. */
  | { kind: 'single'; url: string }
  | { kind: 'several'; hosts: DatabaseHost[]; target: SessionTarget };

const SUPPORTED_TARGETS: readonly string[] = ['any', 'read-write', 'primary'];
const TARGET_PARAMETER = 'target_session_attrs';

/** The URL split into scheme, user part, hosts and the rest (path, query, fragment). */
const URL_PARTS = /^(postgres(?:ql)?:\/\/)([^/?#]*)(.*)$/i;

export function parseHostList(url: string): HostList {
  const parts = URL_PARTS.exec(url);
  if (!parts) return { kind: 'single', url };
  const [, scheme, authority, rest] = parts as unknown as [string, string, string, string];
  const at = authority.lastIndexOf('@');
  const userPart = at === -1 ? '' : authority.slice(0, at + 1);
  const hostTexts = authority.slice(at + 1).split(',');
  const { rest: plainRest, target } = withoutTarget(rest);
  if (hostTexts.length === 1 && target === undefined) return { kind: 'single', url };
  if (target !== undefined && !SUPPORTED_TARGETS.includes(target)) {
    throw new Error(`DATABASE_URL: ${TARGET_PARAMETER}=${target} is not supported (use read-write, primary or any)`);
  }
  const hosts = hostTexts.map((text) => {
    const { host, port } = hostAndPort(text, url);
    const named = host.includes(':') ? `[${host}]` : host;
    return { host, port, url: `${scheme}${userPart}${text}${plainRest}`, label: `${named}:${port ?? 'default port'}` };
  });
  return { kind: 'several', hosts, target: (target ?? 'any') as SessionTarget };
}

function hostAndPort(text: string, url: string): { host: string; port: number | undefined } {
  const match = /^(?:\[([^\]]+)\]|([^:[\]]*))(?::(\d+))?$/.exec(text);
  const host = match?.[1] ?? match?.[2];
  if (!match || !host) throw new Error(`DATABASE_URL: "${text}" in ${redacted(url)} is not a host or host:port`);
  return { host: decodeURIComponent(host), port: match[3] === undefined ? undefined : Number(match[3]) };
}

/** The path and query without target_session_attrs, and its value if it was there. */
function withoutTarget(rest: string): { rest: string; target: string | undefined } {
  const queryAt = rest.indexOf('?');
  if (queryAt === -1) return { rest, target: undefined };
  const hashAt = rest.indexOf('#', queryAt);
  const query = rest.slice(queryAt + 1, hashAt === -1 ? undefined : hashAt);
  const fragment = hashAt === -1 ? '' : rest.slice(hashAt);
  let target: string | undefined;
  const kept = query.split('&').filter((pair) => {
    const [name, value = ''] = pair.split('=');
    if (name !== TARGET_PARAMETER) return true;
    target = decodeURIComponent(value);
    return false;
  });
  return { rest: `${rest.slice(0, queryAt)}${kept.length ? `?${kept.join('&')}` : ''}${fragment}`, target };
}

/** The URL without its password, for an error message. */
export const redacted = (url: string): string => url.replace(/(\/\/[^:/@]*:)[^@/]*@/, '$1***@');
