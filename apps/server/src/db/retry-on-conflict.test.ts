import { describe, expect, it } from 'vitest';
import { isConflict, retryOnConflict } from './retry-on-conflict';

const withCode = (code: string) => Object.assign(new Error(code), { code });
/** drizzle wraps the driver's error: the code is on the cause. */
const wrapped = (code: string) => new Error('Failed query', { cause: withCode(code) });

/** Fails with `errors` in turn, then answers 'done'; counts the runs. */
function failing(errors: Error[]) {
  let runs = 0;
  return {
    run: async () => {
      const err = errors[runs++];
      if (err) throw err;
      return 'done';
    },
    runs: () => runs,
  };
}

describe('retryOnConflict', () => {
  it('runs again after a serialization failure or a deadlock, also when wrapped', async () => {
    const work = failing([withCode('40001'), wrapped('40P01')]);
    await expect(retryOnConflict(work.run, { maxJitterMs: 0 })).resolves.toBe('done');
    expect(work.runs()).toBe(3);
  });

  it('gives up after the attempts allowed, throwing the last conflict', async () => {
    const last = withCode('40P01');
    const work = failing([withCode('40001'), last, withCode('40001')]);
    await expect(retryOnConflict(work.run, { attempts: 2, maxJitterMs: 0 })).rejects.toBe(last);
    expect(work.runs()).toBe(2);
  });

  it('throws any other error at once', async () => {
    const unique = withCode('23505');
    const work = failing([unique]);
    await expect(retryOnConflict(work.run, { maxJitterMs: 0 })).rejects.toBe(unique);
    expect(work.runs()).toBe(1);
  });

  it('tells conflicts from other errors', () => {
    expect(isConflict(wrapped('40001'))).toBe(true);
    expect(isConflict(withCode('23505'))).toBe(false);
    expect(isConflict(undefined)).toBe(false);
    expect(isConflict('40001')).toBe(false);
  });
});
