import { describe, expect, it } from 'vitest';
import { type KeptSearch, searchesMatching } from './matching.ts';

const red: KeptSearch = {
  searchId: 's-red',
  name: 'Reds',
  filters: { color: { value: ['Red'], type: 'array', field: 'p.custitem_gvo_color' } },
  notify: true,
};
const lot = { id: 'lot-1', custitem_gvo_color: 'Red' };

describe('searchesMatching', () => {
  it('names each user once, by their first matching search that asks for mail, never the seller', () => {
    const searches = new Map([
      [
        'ann',
        new Map([
          ['s-off', { ...red, searchId: 's-off', notify: false }],
          ['s-red', red],
          ['s-2', { ...red, searchId: 's-2' }],
        ]),
      ],
      [
        'bob',
        new Map([
          [
            's-white',
            {
              ...red,
              searchId: 's-white',
              filters: { color: { value: ['White'], type: 'array' as const, field: 'p.custitem_gvo_color' } },
            },
          ],
        ]),
      ],
      ['sam', new Map([['s-red', red]])],
    ]);
    expect(searchesMatching(searches, lot, 'sam')).toEqual([
      { userId: 'ann', searchId: 's-red', name: 'Reds' },
    ]);
  });
});
