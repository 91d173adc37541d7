import { describe, expect, it } from 'vitest';
import { formatKilobytes } from './format-size';

describe('file size in KB', () => {
  it('always has two decimals', () => {
    expect(formatKilobytes(12_646, 'en')).toBe('12.35\u00a0KB');
    expect(formatKilobytes(1024, 'en')).toBe('1.00\u00a0KB');
    expect(formatKilobytes(0, 'en')).toBe('0.00\u00a0KB');
  });

  it('uses the decimal comma in Spanish', () => {
    expect(formatKilobytes(12_646, 'es')).toBe('12,35\u00a0KB');
  });
});
