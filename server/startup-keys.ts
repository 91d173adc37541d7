// Before the server serves anything: the keys the stored data depends on are there. A new
// document key would open none of the documents already stored, and a new audit key would make
// the whole audit trail look forged from its first row, and a new TOTP key would leave every
// account's authenticator app unable to sign in, so a key file that is missing (or empty,
// damaged, unreadable) while such rows exist stops the start, naming the file and how to get it
// back. With no such rows (a fresh install) a missing key is made as always: the audit key now,
// the document key on the first upload.
import { join, resolve } from 'node:path';
import type { Db } from './db/engine';
import { rawGet } from './db/raw-sql';
import { AUDIT_KEY_FILE } from './audit/audit-key';
import { removeLeftoverTemps } from './atomic-file';
import { countSealedSeeds, sealPlainSeeds, TOTP_KEY_FILE, totpSeal, type TotpSeal } from './auth/second-factor/totp-seal';
import { DOCUMENT_KEY_FILE, decodeDocumentKey, isDocumentKeyText, parseMasterKey } from './files/document-key';
import { practiceText } from './practice-messages/practice-text';
import { createSecret, readSecretFile, type SecretFile, type Warn } from './secrets';

export interface StartupKeysOptions {
  dataDir: string;
  masterKey: string | undefined;
  /** The practice's database, migrated: whether rows depend on a key is read from it. */
  db: Db;
  warn?: Warn;
}

export interface StartupKeys {
  auditKey: string;
  /** Seals the TOTP seeds (auth/second-factor/totp-seal.ts); its key file is made when no sealed seed needs an old one. */
  totpSeal: TotpSeal;
  /** MASTER_KEY or the key file; undefined while there is neither file nor document (made on the first upload). */
  documentKey: Buffer | undefined;
}

/** The server must not start: the message says which key file and how to restore it. */
export class MissingKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MissingKeyError';
  }
}

export async function checkKeysAtStart(options: StartupKeysOptions): Promise<StartupKeys> {
  const { dataDir, db } = options;
  removeLeftoverTemps(dataDir, [AUDIT_KEY_FILE, DOCUMENT_KEY_FILE, TOTP_KEY_FILE, 'jwt-secret']);
  const refusals: string[] = [];

  const auditFile = readSecretFile(join(dataDir, AUDIT_KEY_FILE), { warn: options.warn });
  let auditKey = auditFile.ok ? auditFile.value : undefined;
  if (!auditFile.ok) {
    // Rows from before the chain began (an upgraded install) carry no chain, so no key vouches for them.
    const rows = await countRows(db, 'audit_events', 'chain is not null');
    const refusal = refusalFor(dataDir, AUDIT_KEY_FILE, auditFile, rows > 0 ? practiceText().auditRowsNeedKey({ rows }) : undefined);
    if (refusal) refusals.push(refusal);
    else auditKey = createSecret(dataDir, AUDIT_KEY_FILE);
  }

  let documentKey: Buffer | undefined;
  if (options.masterKey) {
    documentKey = parseMasterKey(options.masterKey);
  } else {
    const documentFile = readSecretFile(join(dataDir, DOCUMENT_KEY_FILE), { warn: options.warn, isValid: isDocumentKeyText });
    if (documentFile.ok) {
      documentKey = decodeDocumentKey(documentFile.value);
    } else {
      const rows = await countRows(db, 'files');
      const refusal = refusalFor(dataDir, DOCUMENT_KEY_FILE, documentFile, rows > 0 ? practiceText().documentsNeedKey({ rows }) : undefined);
      if (refusal) refusals.push(`${refusal} ${practiceText().documentsMaybeMasterKey}`);
    }
  }

  const totpFile = readSecretFile(join(dataDir, TOTP_KEY_FILE), { warn: options.warn, isValid: isDocumentKeyText });
  let totpKey = totpFile.ok ? decodeDocumentKey(totpFile.value) : undefined;
  if (!totpFile.ok) {
    const rows = await countSealedSeeds(db);
    const refusal = refusalFor(dataDir, TOTP_KEY_FILE, totpFile, rows > 0 ? practiceText().totpSeedsNeedKey({ rows }) : undefined);
    if (refusal) refusals.push(refusal);
    else totpKey = decodeDocumentKey(createSecret(dataDir, TOTP_KEY_FILE, 32));
  }

  if (refusals.length > 0 || auditKey === undefined || totpKey === undefined) throw new MissingKeyError(refusals.join('\n'));
  const seal = totpSeal(totpKey);
  // Seeds stored before they were sealed (an upgraded practice) are sealed now, before anything is served.
  await sealPlainSeeds(db, seal);
  return { auditKey, documentKey, totpSeal: seal };
}

/** Why this start must stop, or undefined when a new key harms nothing: the file is simply absent, empty or cut, and no row needs it. */
function refusalFor(dataDir: string, fileName: string, file: SecretFile & { ok: false }, dependants: string | undefined): string | undefined {
  if (file.replaceable && !dependants) return undefined;
  // Absolute, so that the command can be pasted whatever directory it is run from.
  const dir = resolve(dataDir);
  const path = join(dir, fileName);
  const text = practiceText();
  const why = dependants ? text.keyProblemAndDependants({ path, problem: file.problem, dependants }) : `${path} ${file.problem}`;
  return text.startRefusedKey({ why, dir, fileName, readable: file.replaceable });
}

const countRows = async (db: Db, table: 'audit_events' | 'files', where = '1=1'): Promise<number> =>
  Number((await rawGet<{ n: number }>(db, `select count(*) as n from ${table} where ${where}`))?.n ?? 0);
