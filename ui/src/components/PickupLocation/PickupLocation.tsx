import { Stack, Text } from '@mantine/core';
import type { PickupLocation as Location } from '@wine/contracts';
import { useTranslation } from 'react-i18next';
import { useOpeningHours } from '../../lib/opening-hours.ts';

/** Where pickup happens (seeds 001 cartLocation / locationDetail): name, address, phone and hours. */
export function PickupLocation({ location }: { location: Location }) {
  const { t } = useTranslation();
  const hours = useOpeningHours(location.openingHours, location.hours);
  return (
    <Stack gap={2} data-testid="pickup-location">
      <Text fw={600}>{location.name}</Text>
      <Text size="sm">{location.address1}</Text>
      <Text size="sm">
        {location.city}, {location.state} {location.zip}
      </Text>
      <Text size="sm">
        <Text span c="dimmed" size="sm">
          {t('ui.checkout.phone')}:{' '}
        </Text>
        {location.phone}
      </Text>
      <Text size="sm">
        <Text span c="dimmed" size="sm">
          {t('ui.checkout.hours')}:{' '}
        </Text>
        {hours}
      </Text>
    </Stack>
  );
}

/** An address on one or two lines (an invoice's delivery or billing address). */
export function AddressLines({
  address,
}: {
  address: { address1: string; address2?: string | undefined; city: string; state: string; zip: string };
}) {
  return (
    <Stack gap={2}>
      <Text size="sm">{address.address1}</Text>
      {address.address2 ? <Text size="sm">{address.address2}</Text> : null}
      <Text size="sm">
        {address.city}, {address.state} {address.zip}
      </Text>
    </Stack>
  );
}
