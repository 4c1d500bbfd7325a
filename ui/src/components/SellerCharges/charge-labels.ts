import type { SellerChargeKind } from '@wine/contracts';

/** What the house bills, by its kind (issue 38 §1). */
export const chargeKindLabels = {
  listing_fee: 'ui.sellerCharges.kind_listing_fee',
  photography: 'ui.sellerCharges.kind_photography',
  storage: 'ui.sellerCharges.kind_storage',
  buy_back: 'ui.sellerCharges.kind_buy_back',
} as const satisfies Record<SellerChargeKind, string>;
