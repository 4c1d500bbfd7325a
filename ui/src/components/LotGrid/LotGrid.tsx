import { SimpleGrid, Text } from '@mantine/core';
import type { LotView } from '@wine/contracts';
import { LotCard } from '../LotCard/LotCard.tsx';

/** The cards of a grid's first row on the widest screens: their pictures load at once. */
export const PRIORITY_CARDS = 4;

/** Lot cards in a responsive grid (one column on phones, up to four on wide screens). */
export function LotGrid({
  lots,
  empty,
  label,
  onQuickView,
}: {
  lots: LotView[];
  empty: string;
  label: string;
  onQuickView?: (lotId: string) => void;
}) {
  if (!lots.length) {
    return (
      <Text c="dimmed" py="xl" ta="center" data-testid="no-lots">
        {empty}
      </Text>
    );
  }
  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 1, xs: 2, md: 3, lg: 4 }}
      spacing="lg"
      data-testid="lot-grid"
      aria-label={label}
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {lots.map((lot, index) => (
        <li key={lot.id}>
          <LotCard lot={lot} priority={index < PRIORITY_CARDS} {...(onQuickView && { onQuickView })} />
        </li>
      ))}
    </SimpleGrid>
  );
}
