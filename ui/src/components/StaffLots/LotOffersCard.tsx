import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { SecondChanceInput, StaffLotDetail } from '@wine/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callForMessage, messageOr } from '../../api/client.ts';
import { AnchorLink } from '../AnchorLink.tsx';
import { invalidateOffers } from '../Offers/offer-queries.ts';
import { SecondChanceDialog } from './SecondChanceDialog.tsx';

/**
 * Issue 36 §4: whether the admin's lot page offers a second chance: an auction lot closed unsold with
 * bids (below its reserve, or it would have sold). The server has the last word (SECOND_CHANCE_NONE).
 */
export const offersSecondChance = (lot: StaffLotDetail): boolean =>
  lot.fields.auction && lot.status === 'unsold' && lot.bidCount > 0;

/**
 * Issue 36, on the admin's lot page: the offers on the lot (the offers screen), and for an auction
 * closed below its reserve the second chance to its top bidder, with the server's answer.
 */
export function LotOffersCard({ lot }: { lot: StaffLotDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [offering, setOffering] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const secondChance = offersSecondChance(lot);

  const offer = async (input: SecondChanceInput) => {
    setSent(null);
    const { message } = await callForMessage('offerSecondChance', input);
    setSent(messageOr(message, t('ui.privateSale.secondChanceSent')));
    await invalidateOffers(queryClient);
  };

  return (
    <Card withBorder component="section" aria-labelledby="lot-offers-card" data-testid="lot-offers-card">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Title order={2} fz="lg" id="lot-offers-card">
          {t('ui.privateSale.offersCard')}
        </Title>
        <AnchorLink to="/admin/offers" size="sm" data-testid="lot-offers-link">
          {t('ui.privateSale.offersOnLot')}
        </AnchorLink>
      </Group>
      {secondChance ? (
        <Stack gap="xs" mt="sm">
          <Text size="sm" c="dimmed">
            {t('ui.privateSale.secondChanceHint')}
          </Text>
          <Button
            variant="light"
            w={{ base: '100%', xs: 'auto' }}
            onClick={() => setOffering(true)}
            data-testid="second-chance"
          >
            {t('ui.privateSale.secondChance')}
          </Button>
        </Stack>
      ) : null}
      {sent ? (
        <Alert color="green" role="status" mt="sm" data-testid="second-chance-sent">
          {sent}
        </Alert>
      ) : null}
      {offering ? (
        <SecondChanceDialog
          id={lot.id}
          title={lot.fields.title}
          reserve={lot.fields.reserve}
          onClose={() => setOffering(false)}
          onSubmit={offer}
        />
      ) : null}
    </Card>
  );
}
