import { Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { auctionsQuery } from '../../api/queries.ts';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';
import { ButtonLink } from '../ButtonLink.tsx';
import { QueryState } from '../QueryState/QueryState.tsx';

/**
 * Issue 37: /admin/live, the live sales an auctioneer can run, each with its console. The staff's
 * auction list is for admins only, so the list is the public one's live sales.
 */
export function LiveSales() {
  const { t } = useTranslation();
  const auctions = useQuery(auctionsQuery());
  useDocumentMeta({ title: pageTitle(t('ui.liveRoom.console.listTitle')) });
  return (
    <Container py="md" px="xs" data-testid="live-sales">
      <Title order={1} size="h2" mb="xs">
        {t('ui.liveRoom.console.listTitle')}
      </Title>
      <Text c="dimmed" mb="md">
        {t('ui.liveRoom.console.listIntro')}
      </Text>
      <QueryState query={auctions} label={t('ui.liveRoom.console.loading')} error="alert">
        {(data) => {
          const live = data.records.filter((a) => a.kind === 'live');
          if (live.length === 0) return <Text>{t('ui.liveRoom.console.none')}</Text>;
          return (
            <Stack gap="xs">
              {live.map((a) => (
                <Card withBorder key={a.auctionid} data-testid="live-sale">
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {a.title ?? a.auctionid}
                    </Text>
                    <ButtonLink
                      to="/admin/live/$aid"
                      params={{ aid: a.auctionid }}
                      size="sm"
                      aria-label={`${t('ui.liveRoom.console.open')}: ${a.title ?? a.auctionid}`}
                    >
                      {t('ui.liveRoom.console.open')}
                    </ButtonLink>
                  </Group>
                </Card>
              ))}
            </Stack>
          );
        }}
      </QueryState>
    </Container>
  );
}
