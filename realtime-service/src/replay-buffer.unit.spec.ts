import { describe, expect, it } from 'vitest';
import { ReplayBuffer } from './replay-buffer.ts';

const item = (n: number) => ({ position: String(n).padStart(20, '0') });

describe('ReplayBuffer', () => {
  it('returns every item after the position a client last saw', () => {
    const buffer = new ReplayBuffer(10);
    for (const n of [1, 2, 3, 4]) buffer.add(item(n));
    expect(buffer.after(item(2).position)).toEqual([item(3), item(4)]);
    expect(buffer.after(item(4).position)).toEqual([]);
  });

  it('asks for a resync when the client is older than what the buffer still holds', () => {
    const buffer = new ReplayBuffer(2);
    for (const n of [1, 2, 3, 4]) buffer.add(item(n));
    expect(buffer.after(item(3).position)).toEqual([item(4)]);
    expect(buffer.after(item(2).position)).toEqual([item(3), item(4)]);
    expect(buffer.after(item(1).position)).toBeNull();
  });

  it('cannot vouch for positions before the first change it received', () => {
    const buffer = new ReplayBuffer(10);
    buffer.add(item(5));
    expect(buffer.after(item(5).position)).toEqual([]);
    expect(buffer.after(item(3).position)).toBeNull();
  });

  it('asks for a resync rather than replay more than the limit', () => {
    const buffer = new ReplayBuffer(10);
    for (const n of [1, 2, 3, 4, 5]) buffer.add(item(n));
    expect(buffer.after(item(2).position, 3)).toEqual([item(3), item(4), item(5)]);
    expect(buffer.after(item(1).position, 3)).toBeNull();
  });
});
