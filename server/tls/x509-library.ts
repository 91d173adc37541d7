// @peculiar/x509, ready to use: it resolves its ASN.1 parsers through tsyringe, which needs the
// Reflect metadata polyfill loaded before the library itself, and it signs with whatever WebCrypto
// it is given (Node's own). Every module that makes certificates imports the library from here.
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import { webcrypto } from 'node:crypto';

/** Node's WebCrypto, typed as the DOM's Crypto that @peculiar/x509 expects. */
export const crypto = webcrypto as unknown as Crypto;
x509.cryptoProvider.set(crypto);

export { x509 };
