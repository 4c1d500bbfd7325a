import { describe, expect, it } from 'vitest';
import { comingUp } from './coming-up.ts';

/** Issue 37: which lots are coming up in the room: the next three of the catalogue not yet called. */
describe('the lots coming up (issue 37)', () => {
  const catalogue = ['l1', 'l2', 'l3', 'l4', 'l5', 'l6'];

  it('gives the next three lots in catalogue order, the called ones left out', () => {
    expect(comingUp(catalogue, new Set(['l1']))).toEqual(['l2', 'l3', 'l4']);
    expect(comingUp(catalogue, new Set(['l1', 'l2']))).toEqual(['l3', 'l4', 'l5']);
  });

  it('follows the uncalled order when the auctioneer calls out of order, and runs out at the end', () => {
    expect(comingUp(catalogue, new Set(['l1', 'l4']))).toEqual(['l2', 'l3', 'l5']);
    expect(comingUp(catalogue, new Set(['l1', 'l2', 'l3', 'l4', 'l5']))).toEqual(['l6']);
  });
});
