import type { CheckoutAddress } from '@wine/contracts';
import type { DeliveryData } from '@wine/event-schemas';

type InvoiceAddress = NonNullable<DeliveryData['address']>;

/**
 * An address as the form sends it, as the log keeps it (an invoice's delivery, an address book's
 * entry): the second line only when there is one (issue 31), and the maps port's place (issue 35 §5:
 * latitude, longitude, place id) only when the address came from a chosen suggestion.
 */
export const invoiceAddressOf = (a: CheckoutAddress): InvoiceAddress => ({
  address1: a.address1,
  ...(a.address2 ? { address2: a.address2 } : {}),
  city: a.city,
  state: a.state,
  zip: a.zip,
  ...(a.latitude !== undefined && a.longitude !== undefined
    ? { latitude: a.latitude, longitude: a.longitude }
    : {}),
  ...(a.place_id ? { placeId: a.place_id } : {}),
});
