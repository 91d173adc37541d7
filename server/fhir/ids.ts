// Stable fullUrls (urn:uuid) for the resources of an export. Each uuid is a UUID v5 (RFC 9562:
// SHA-1 of a namespace and a name) of the install's namespace and "<kind>/<row id>", so exporting
// the same record twice gives the same uuids: a receiving system that imports it again recognises
// (and updates) what it already has instead of duplicating it, and two exports can be compared.
// The install's namespace keeps two practices' "patient/1" apart when both reach one system, and
// keeps the uuids from being the database's row ids in disguise.
import { createHash } from 'node:crypto';
import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { auditEvents } from '../db/schema/index';

/** This application's own namespace (a fixed random uuid), under which each install's is made. */
const EXPEDIENTE_NAMESPACE = '4f1d9a52-7c0e-4b8e-9d3a-2f6b1c8e5a71';

const uuidBytes = (uuid: string) => Buffer.from(uuid.replace(/-/g, ''), 'hex');

export function uuidV5(namespace: string, name: string): string {
  const hash = createHash('sha1').update(uuidBytes(namespace)).update(name, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50; // version 5
  hash[8] = (hash[8]! & 0x3f) | 0x80; // RFC 9562 variant
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The install's namespace, made from its first audit event: written at the first registration,
 * never changed (the trail's triggers refuse it), carried by every backup and restore, and unique
 * to the install (its chain value is an HMAC under the install's random audit key). So it needs no
 * new secret or table, and survives a restore. A database without events yet gets the app's own.
 */
export async function installNamespace(db: DbOrTx): Promise<string> {
  const [first] = await db.select({ at: auditEvents.at, chain: auditEvents.chain }).from(auditEvents).orderBy(asc(auditEvents.id)).limit(1);
  // Rows from before the chain began have none; their moment (to the millisecond) still tells installs apart.
  return first ? uuidV5(EXPEDIENTE_NAMESPACE, `install/${first.at}/${first.chain ?? ''}`) : EXPEDIENTE_NAMESPACE;
}
