import { Button, Center, Drawer, Group, Loader, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { LotView } from '@wine/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client.ts';
import { invalidateAction, lotQuery, similarLotsQuery } from '../../api/queries.ts';
import { useLiveLot } from '../../state/live-lot.ts';
import { ButtonLink } from '../ButtonLink.tsx';
import { LotDetail } from '../LotDetail/LotDetail.tsx';

export interface LotDrawerProps {
  /** The lot to show; null closes the drawer. */
  lotId: string | null;
  onClose: () => void;
}

/** seeds 000 §2.7: the drawer variant of the product detail, with Close and 'View Full Details'. */
export function LotDrawer({ lotId, onClose }: LotDrawerProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // The lot last opened stays in the drawer while it closes.
  const [shownId, setShownId] = useState(lotId);
  if (lotId !== null && lotId !== shownId) setShownId(lotId);
  const id = shownId ?? '';
  // The product page's queries: 'View Full Details' opens what is already loaded.
  const lot = useQuery({ ...lotQuery(id), enabled: lotId !== null });
  const similar = useQuery({ ...similarLotsQuery(id), enabled: lotId !== null });
  // A resync from the socket (changes may have been missed) loads the lot again.
  const reload = () => {
    void invalidateAction(queryClient, 'productLot', { id });
    void invalidateAction(queryClient, 'similarProducts', { id });
  };

  return (
    <Drawer
      opened={lotId !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={
        lotId ? (
          <Group gap="sm">
            <Button variant="default" size="xs" onClick={onClose}>
              {t('ui.lot.closeDrawer')}
            </Button>
            <ButtonLink
              to="/productview/$pid"
              params={{ pid: lotId }}
              size="xs"
              data-testid="view-full-details"
            >
              {t('ui.lot.viewFullDetails')}
            </ButtonLink>
          </Group>
        ) : null
      }
      withCloseButton={false}
      data-testid="lot-drawer"
    >
      {lot.data && similar.data ? (
        <LiveDetail lot={lot.data} similar={similar.data} onReload={reload} />
      ) : lot.isError ? (
        <Text c="red.8" role="alert">
          {errorMessage(lot.error)}
        </Text>
      ) : (
        <Center py="xl">
          <Loader aria-label={t('ui.lot.loading')} />
        </Center>
      )}
    </Drawer>
  );
}

function LiveDetail({
  lot: loaded,
  similar,
  onReload,
}: {
  lot: LotView;
  similar: LotView[];
  onReload: () => void;
}) {
  const [lot, update] = useLiveLot(loaded, onReload);
  return <LotDetail lot={lot} similar={similar} onChange={update} variant="drawer" />;
}
