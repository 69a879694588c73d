import { describe, expect, it } from 'vitest';

describe('instrumentation-client', () => {
  it('turns zod\'s eval probe off through the settings object zod itself reads', async () => {
    await import('./instrumentation-client');
    const { z } = await import('zod');
    const { util } = await import('zod/v4/core');
    expect(z.config().jitless).toBe(true);
    // The probe that the content security policy would report: never run.
    expect(util.allowsEval.value).toBe(false);
  });
});
