import { Button, Center, Drawer, Group, Loader, Text } from '@mantine/core';
import type { LotView } from '@wine/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, errorMessage } from '../../api/client.ts';
import { useLiveLot } from '../../state/live-lot.ts';
import { ButtonLink } from '../ButtonLink.tsx';
import { LotDetail } from '../LotDetail/LotDetail.tsx';

export interface LotDrawerProps {
  /** The lot to show; null closes the drawer. */
  lotId: string | null;
  onClose: () => void;
}

type Loaded = { lot: LotView; similar: LotView[] };

/** seeds 000 §2.7: the drawer variant of the product detail, with Close and 'View Full Details'. */
export function LotDrawer({ lotId, onClose }: LotDrawerProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ id: string; loaded?: Loaded; error?: string } | null>(null);
  // A resync from the socket (changes may have been missed) loads the lot again.
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!lotId) return;
    void version;
    const controller = new AbortController();
    setState({ id: lotId });
    const options = { signal: controller.signal };
    Promise.all([
      call('productLot', { id: lotId }, options),
      call('similarProducts', { id: lotId, limit: 3 }, options)
        .then((r) => r.records)
        .catch(() => []),
    ])
      .then(([lot, similar]) => setState({ id: lotId, loaded: { lot, similar } }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ id: lotId, error: errorMessage(error) });
      });
    return () => controller.abort();
  }, [lotId, version]);

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
      {state?.loaded && state.id === lotId ? (
        <LiveDetail loaded={state.loaded} onReload={() => setVersion((v) => v + 1)} />
      ) : state?.error ? (
        <Text c="red.8" role="alert">
          {state.error}
        </Text>
      ) : (
        <Center py="xl">
          <Loader aria-label={t('ui.lot.loading')} />
        </Center>
      )}
    </Drawer>
  );
}

function LiveDetail({ loaded, onReload }: { loaded: Loaded; onReload: () => void }) {
  const [lot, update] = useLiveLot(loaded.lot, onReload);
  return <LotDetail lot={lot} similar={loaded.similar} onChange={update} variant="drawer" />;
}
