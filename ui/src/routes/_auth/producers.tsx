import { Container, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { FollowedProducers } from '../../components/FollowProducer/FollowedProducers.tsx';
import { myProducersQuery } from '../../components/FollowProducer/followers.ts';
import { LoadError } from '../../components/LoadError/LoadError.tsx';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

/** seeds 000 §2.3, 001 §2: /producers, the producers the user follows and their open lots. */
export const Route = createFileRoute('/_auth/producers')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(myProducersQuery()),
  component: ProducersPage,
  errorComponent: ({ error }) => <LoadError error={error} />,
});

function ProducersPage() {
  const { t } = useTranslation();
  const { data } = useSuspenseQuery(myProducersQuery());
  useDocumentMeta({ title: pageTitle(t('ui.producers.title')) });
  return (
    <Container size="lg" py="xl">
      <Stack gap="md">
        <div>
          <Title order={1}>{t('ui.producers.title')}</Title>
          <Text c="dimmed">{t('ui.producers.intro')}</Text>
        </div>
        <FollowedProducers records={data.records} />
      </Stack>
    </Container>
  );
}
