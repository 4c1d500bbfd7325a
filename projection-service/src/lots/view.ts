import type { LotDocument, LotView } from '@wine/contracts';

/** The answer's shape: no internal fields, and `future_active` against the server clock (DOMAIN.md). */
export function lotView(doc: LotDocument, now: Date): LotView {
  const { _id, _position, ...rest } = doc;
  return {
    ...rest,
    future_active: rest.market_status === 'open' && Date.parse(rest.date_added) > now.getTime(),
  };
}
