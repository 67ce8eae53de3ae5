import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher';

describe('createBatcher', () => {
  it('writes the first item at once and those that came meanwhile together, each caller getting its own result', async () => {
    const batches: number[][] = [];
    const double = createBatcher(async (items: number[]) => {
      batches.push(items);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return items.map((n) => n * 2);
    }, 3);
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => double(n)));
    expect(results).toEqual([2, 4, 6, 8, 10, 12]);
    // The second batch gathered while the first was written, and no batch is longer than 3.
    expect(batches).toEqual([[1], [2, 3, 4], [5, 6]]);
  });

  it('rejects every caller of a batch that failed, and goes on with the next batch', async () => {
    let calls = 0;
    const write = createBatcher(async (items: string[]) => {
      calls++;
      if (calls === 2) throw new Error('the database went away');
      return items;
    }, 10);
    const settled = await Promise.allSettled(['a', 'b', 'c'].map((s) => write(s)));
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    expect(await write('d')).toBe('d');
  });

  it('sends the next batch before the callers of the last one are answered', async () => {
    const events: string[] = [];
    const write = createBatcher(async (items: string[]) => {
      events.push(`write ${items.join(',')}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return items;
    }, 10);
    await Promise.all(['a', 'b', 'c'].map((s) => write(s).then(() => events.push(`answered ${s}`))));
    expect(events).toEqual(['write a', 'write b,c', 'answered a', 'answered b', 'answered c']);
  });

  it('rejects the callers of a batch whose write threw instead of rejecting', async () => {
    const write = createBatcher((_items: number[]): Promise<number[]> => {
      throw new Error('no connection');
    }, 10);
    await expect(write(1)).rejects.toThrow('no connection');
  });

  it('rejects the callers of a batch answered for other items', async () => {
    const write = createBatcher(async (_items: number[]) => [], 10);
    await expect(write(1)).rejects.toThrow('a batch answered for other items');
  });

  it('writes up to `inFlight` batches side by side, and gathers the rest meanwhile', async () => {
    const batches: number[][] = [];
    let writing = 0;
    let mostAtOnce = 0;
    const echo = createBatcher(
      async (items: number[]) => {
        batches.push(items);
        writing += 1;
        mostAtOnce = Math.max(mostAtOnce, writing);
        await new Promise((resolve) => setTimeout(resolve, 5));
        writing -= 1;
        return items;
      },
      3,
      2,
    );
    expect(await Promise.all([1, 2, 3, 4, 5, 6, 7].map((n) => echo(n)))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(mostAtOnce).toBe(2);
    expect(batches).toEqual([[1], [2], [3, 4, 5], [6, 7]]);
  });
});
