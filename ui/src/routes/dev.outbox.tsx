import { Alert, Button, Card, Code, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/client.ts';
import { outboxQuery } from '../api/queries.ts';
import { ButtonLink } from '../components/ButtonLink.tsx';
import { LoadError } from '../components/LoadError/LoadError.tsx';
import { formatDateTime } from '../lib/format.ts';
import { useDocumentMeta } from '../lib/use-document-meta.ts';

/**
 * The embedded mailer's outbox: the e-mails the product would have sent. It holds every code and
 * link mailed, so only an admin's session may read it.
 */
export const Route = createFileRoute('/dev/outbox')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(outboxQuery()),
  component: OutboxPage,
  errorComponent: ({ error }) => <LoadError error={error} />,
});

function OutboxPage() {
  const { data: outbox, refetch, isRefetching, isRefetchError, error } = useSuspenseQuery(outboxQuery());
  const { t } = useTranslation();
  useDocumentMeta({ title: t('ui.titles.outbox') });
  return (
    <Container py="xl" size="md">
      <Group justify="space-between" mb="lg">
        <Title order={1} fz={32}>
          {t('ui.outbox.title')}
        </Title>
        <Button variant="light" onClick={() => void refetch()} loading={isRefetching}>
          {t('ui.outbox.refresh')}
        </Button>
      </Group>
      {/* A refresh that failed: what was read before stays below. */}
      {isRefetchError ? (
        <Alert color="red" role="alert" mb="lg" data-testid="outbox-refresh-error">
          {errorMessage(error)}
        </Alert>
      ) : null}
      {!outbox.present && outbox.reason === 'admins-only' ? (
        <Alert color="gray" data-testid="outbox-admins-only">
          <Text mb="sm">{t('ui.outbox.adminsOnly')}</Text>
          <ButtonLink to="/login" search={{ referer: '/dev/outbox' }} variant="light">
            {t('ui.outbox.signInAsAdmin')}
          </ButtonLink>
        </Alert>
      ) : !outbox.present ? (
        <Alert color="gray" data-testid="outbox-absent">
          {t('ui.outbox.absent')}
        </Alert>
      ) : outbox.records.length === 0 ? (
        <Text c="dimmed" data-testid="outbox-empty">
          {t('ui.outbox.empty')}
        </Text>
      ) : (
        <Stack
          gap="md"
          component="ol"
          style={{ listStyle: 'none', padding: 0 }}
          aria-label={t('ui.outbox.sent')}
        >
          {outbox.records.map((message) => (
            <Card component="li" key={message.id} data-testid="outbox-message">
              <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
                <Text fw={600}>{message.subject}</Text>
                <Text size="sm" c="dimmed">
                  <time dateTime={message.sentAt}>{formatDateTime(message.sentAt)}</time>
                </Text>
              </Group>
              <Text size="sm" mb="xs">
                {t('ui.outbox.to', { to: message.to })}
              </Text>
              <Code block style={{ whiteSpace: 'pre-wrap' }}>
                {message.text}
              </Code>
            </Card>
          ))}
        </Stack>
      )}
    </Container>
  );
}
