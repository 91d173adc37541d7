// The database's cipher, named whole on every connection that gives a key: SQLite3MultipleCiphers
// keeps no record of it in the file, so a default changed by a later release of the library must not
// change what opens it. AEGIS-256 (an authenticated cipher, IETF CFRG draft) runs on the processor's
// AES instructions. Measured CPU for each 4 KiB page written to the WAL and copied back by the
// checkpoint, above a plain database's (scripts/bench/cipher-cost.ts): AEGIS-256 0.9 µs, ChaCha20-Poly1305 (the library's default)
// 9.8 µs, SQLCipher's AES-256-CBC with HMAC-SHA512 15.7 µs, and AES-256-CBC without authentication
// 6.2 µs. Under the record read's load, server CPU per request was 109–121 % of the plain practice's
// with ChaCha20-Poly1305, 99–100 % with AEGIS-256.
export const DATABASE_CIPHER_PRAGMAS: readonly string[] = ["cipher = 'aegis'", "algorithm = 'aegis-256'"];

/** The statement that gives a connection a raw 32-byte key (PRAGMA key, no derivation at each open) or changes it (PRAGMA rekey). */
export const keyStatement = (verb: 'key' | 'rekey', key: Buffer): string => `${verb} = "x'${key.toString('hex')}'"`;

/** What opens a database under `key`, in order: the cipher, then the key. */
export const keyPragmas = (key: Buffer): string[] => [...DATABASE_CIPHER_PRAGMAS, keyStatement('key', key)];
