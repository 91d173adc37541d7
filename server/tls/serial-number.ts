// Certificate serial numbers: random, as the CA/Browser Forum asks (at least 64 bits from a CSPRNG),
// positive (the top bit clear, since DER integers are signed) and within the 20 bytes RFC 5280 allows.
import { randomBytes } from 'node:crypto';

export function randomSerialNumber(): string {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0]! & 0x7f) | 0x01;
  return bytes.toString('hex');
}
