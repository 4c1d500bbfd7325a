import { describe, expect, it } from 'vitest';
import { sharedId, streamIdOf } from './stream-ids.ts';

describe('stream ids', () => {
  it("give the id after a stream's category, dashes in the id kept, for each stream in turn", () => {
    expect(streamIdOf({ streamName: 'lot-42' })).toBe('42');
    expect(streamIdOf({ streamName: 'lot-42' })).toBe('42');
    expect(streamIdOf({ streamName: 'lot-7f3a-b2' })).toBe('7f3a-b2');
    expect(streamIdOf({ streamName: 'user-u-1' })).toBe('u-1');
    expect(streamIdOf({ streamName: 'lot-42' })).toBe('42');
  });

  it('answer an id with the same value it was given', () => {
    const id = ['u', '1'].join('-');
    expect(sharedId(id)).toBe('u-1');
    expect(sharedId(`${'u-'}1`)).toBe('u-1');
  });
});
