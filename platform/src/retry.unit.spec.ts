import { describe, expect, it } from 'vitest';
import { backoff } from './retry.ts';

describe('backoff', () => {
  it('doubles the wait after each failure up to the cap', () => {
    const wait = backoff({ initialMs: 100, maxMs: 1000 });
    expect([wait.next(), wait.next(), wait.next(), wait.next(), wait.next(), wait.next()]).toEqual([
      100, 200, 400, 800, 1000, 1000,
    ]);
  });

  it('starts again from the first wait after a success', () => {
    const wait = backoff({ initialMs: 100 });
    wait.next();
    wait.next();
    wait.reset();
    expect(wait.next()).toBe(100);
  });
});
