// The client's pages must raise no CSP violation: zod has to know, before it builds a
// schema, that it may not compile parsers with `new Function`. This holds whatever was loaded first.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { globalConfig } from 'zod/v4/core';
import './zod-without-eval';

describe('zod without eval', () => {
  it("turns on zod's jitless setting through the global configuration zod itself reads", () => {
    expect(globalConfig.jitless).toBe(true);
    expect(z.config().jitless).toBe(true);
  });
});
