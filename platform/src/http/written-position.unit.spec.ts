import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { noteWritten, trackWrites } from './written-position.ts';

const tick = () => sleep(1);

describe('trackWrites', () => {
  it('answers the latest position its request’s commands wrote, in any order', async () => {
    const { result, position } = await trackWrites('req-1', async () => {
      noteWritten('req-1', '00000000000000000005');
      await tick();
      await Promise.all([
        (async () => {
          await tick();
          noteWritten('req-1', '00000000000000000009');
        })(),
        (async () => noteWritten('req-1', '00000000000000000007'))(),
      ]);
      return 'done';
    });
    expect(result).toBe('done');
    expect(position).toBe('00000000000000000009');
  });

  it('keeps two requests apart, and answers null for one that wrote nothing', async () => {
    const [first, second] = await Promise.all([
      trackWrites('req-a', async () => {
        await tick();
        noteWritten('req-a', '00000000000000000003');
      }),
      trackWrites('req-b', async () => {
        await tick();
      }),
    ]);
    expect(first.position).toBe('00000000000000000003');
    expect(second.position).toBeNull();
  });

  it('forgets a request once answered: a later write under its id (a background step) changes nothing', async () => {
    const done = await trackWrites('req-c', async () => noteWritten('req-c', '00000000000000000004'));
    noteWritten('req-c', '00000000000000000008');
    expect(done.position).toBe('00000000000000000004');
    const again = await trackWrites('req-c', async () => undefined);
    expect(again.position).toBeNull();
  });

  it('forgets a request that failed, and lets its error through', async () => {
    await expect(
      trackWrites('req-d', async () => {
        noteWritten('req-d', '00000000000000000002');
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect((await trackWrites('req-d', async () => undefined)).position).toBeNull();
  });
});
