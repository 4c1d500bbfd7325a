import type { LotEvent, LotListedData } from '@wine/event-schemas';

/** The lot aggregate's state, folded from its stream. */
export type Lot = { status: 'empty' } | { status: 'listed'; lot: LotListedData };

export const initialLot = (): Lot => ({ status: 'empty' });

export function evolveLot(state: Lot, event: LotEvent): Lot {
  switch (event.type) {
    case 'LotListed':
      return { status: 'listed', lot: event.data };
    default: {
      const _exhaustive: never = event.type;
      return state;
    }
  }
}
