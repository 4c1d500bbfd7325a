import { Button, Group, Rating, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { FollowedProducer } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callForMessage, errorMessage, messageOr } from '../../api/client.ts';
import { invalidateAction } from '../../api/queries.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { confirmDialog } from '../ConfirmDialog/confirm-dialog.tsx';
import { LotCard } from '../LotCard/LotCard.tsx';
import classes from './FollowProducer.module.css';

export interface FollowedProducersProps {
  records: FollowedProducer[];
}

/** seeds 000 §2.3, 001 §2 /producers: each followed producer, its rating (editable), Unfollow and its open lots. */
export function FollowedProducers({ records }: FollowedProducersProps) {
  const { t } = useTranslation();
  if (records.length === 0) {
    return (
      <Stack gap="sm" data-testid="producers-empty">
        <Text>{t('ui.producers.empty')}</Text>
        <Button component={Link} to="/search" variant="light" w="fit-content">
          {t('ui.producers.browse')}
        </Button>
      </Stack>
    );
  }
  return (
    <div data-testid="producers">
      {records.map((record) => (
        <ProducerSection key={record.follows} record={record} />
      ))}
    </div>
  );
}

function ProducerSection({ record }: { record: FollowedProducer }) {
  const { t } = useTranslation();
  const pushAlert = useSetAtom(pushAlertAtom);
  const queryClient = useQueryClient();
  const [rating, setRating] = useState(record.rating);
  const producer = record.follows;
  const refresh = () => {
    void invalidateAction(queryClient, 'myProducers');
    void invalidateAction(queryClient, 'getFollowers');
  };
  const rate = async (next: number) => {
    const before = rating;
    setRating(next);
    try {
      const { message } = await callForMessage('addFollower', { follows: producer, rating: next });
      pushAlert({ msg: messageOr(message, t('ui.producers.rating')), type: 'success' });
      refresh();
    } catch (error) {
      setRating(before);
      pushAlert({ msg: errorMessage(error), type: 'error' });
    }
  };
  const unfollow = () =>
    confirmDialog({
      title: t('ui.producers.unfollowNamed', { producer }),
      children: <Text size="sm">{t('ui.producers.unfollowConfirm', { producer })}</Text>,
      confirmLabel: t('ui.producers.unfollow'),
      destructive: true,
      confirmTestId: 'confirm-unfollow',
      onConfirm: async () => {
        const { message } = await callForMessage('removeFollower', { follows: producer });
        pushAlert({ msg: messageOr(message, t('ui.producers.unfollow')), type: 'success' });
        refresh();
      },
    });
  const headingId = `producer-${encodeURIComponent(producer)}`;
  return (
    <section className={classes.producer} aria-labelledby={headingId} data-testid="producer">
      <Group justify="space-between" wrap="wrap" gap="sm" mb="sm">
        <div>
          <Title order={2} fz="xl" id={headingId}>
            {producer}
          </Title>
          <Text size="sm" c="dimmed">
            {record.open_lots === 0
              ? t('ui.producers.noOpenLots')
              : t(record.open_lots === 1 ? 'ui.producers.openLotsOne' : 'ui.producers.openLotsMany', {
                  count: record.open_lots,
                })}
          </Text>
        </div>
        <Group gap="md">
          <Rating
            value={rating}
            onChange={(next) => void rate(next)}
            aria-label={t('ui.producers.rate', { producer })}
            getSymbolLabel={(n) => t('ui.producers.stars', { n })}
            data-testid="producer-rating"
          />
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={unfollow}
            aria-label={t('ui.producers.unfollowNamed', { producer })}
          >
            {t('ui.producers.unfollow')}
          </Button>
        </Group>
      </Group>
      {record.lots.length > 0 ? (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          {record.lots.map((lot) => (
            <LotCard key={lot.id} lot={lot} headingOrder={3} />
          ))}
        </SimpleGrid>
      ) : null}
    </section>
  );
}
