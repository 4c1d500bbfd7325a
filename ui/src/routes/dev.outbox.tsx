import { Alert, Button, Card, Code, Container, Group, Stack, Text, Title } from '@mantine/core';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import type { OutboxMessage } from '@wine/contracts';
import { useState } from 'react';
import { ApiError, call } from '../api/client.ts';
import { ButtonLink } from '../components/ButtonLink.tsx';
import { LoadError } from '../components/LoadError/LoadError.tsx';
import { formatDateTime } from '../lib/format.ts';
import { useDocumentMeta } from '../lib/use-document-meta.ts';

type Outbox =
  | { present: true; records: OutboxMessage[] }
  | { present: false; reason: 'absent' | 'admins-only' };

/**
 * The embedded mailer's outbox: the e-mails the product would have sent. It holds every code and
 * link mailed, so only an admin's session may read it.
 */
export const Route = createFileRoute('/dev/outbox')({
  loader: async (): Promise<Outbox> => {
    try {
      const { records } = await call('devOutbox', {});
      return { present: true, records: [...records].sort((a, b) => b.sentAt.localeCompare(a.sentAt)) };
    } catch (error) {
      // Outside the embedded process the action does not exist at all.
      if (error instanceof ApiError && error.responseType === 404)
        return { present: false, reason: 'absent' };
      if (error instanceof ApiError && error.responseType === 403)
        return { present: false, reason: 'admins-only' };
      throw error;
    }
  },
  component: OutboxPage,
  errorComponent: ({ error }) => <LoadError error={error} />,
});

function OutboxPage() {
  const outbox = Route.useLoaderData();
  const router = useRouter();
  const [refreshing, setRefreshing] = useState(false);
  useDocumentMeta({ title: 'Outbox | Developer' });
  const refresh = async () => {
    setRefreshing(true);
    try {
      await router.invalidate();
    } finally {
      setRefreshing(false);
    }
  };
  return (
    <Container py="xl" size="md">
      <Group justify="space-between" mb="lg">
        <Title order={1} fz={32}>
          Outbox
        </Title>
        <Button variant="light" onClick={() => void refresh()} loading={refreshing}>
          Refresh
        </Button>
      </Group>
      {!outbox.present && outbox.reason === 'admins-only' ? (
        <Alert color="gray" data-testid="outbox-admins-only">
          <Text mb="sm">
            Only an admin can read the outbox: it holds every verification code and reset link the product
            mailed. When the product runs with npm start, each e-mail is also printed in its terminal.
          </Text>
          <ButtonLink to="/login" search={{ referer: '/dev/outbox' }} variant="light">
            Sign in as an admin
          </ButtonLink>
        </Alert>
      ) : !outbox.present ? (
        <Alert color="gray" data-testid="outbox-absent">
          There is no outbox here. The outbox only exists when the product runs embedded (npm start), where
          e-mails are kept for this page instead of being sent.
        </Alert>
      ) : outbox.records.length === 0 ? (
        <Text c="dimmed" data-testid="outbox-empty">
          No e-mails sent yet.
        </Text>
      ) : (
        <Stack gap="md" component="ol" style={{ listStyle: 'none', padding: 0 }} aria-label="Sent e-mails">
          {outbox.records.map((message) => (
            <Card component="li" key={message.id} data-testid="outbox-message">
              <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
                <Text fw={600}>{message.subject}</Text>
                <Text size="sm" c="dimmed">
                  <time dateTime={message.sentAt}>{formatDateTime(message.sentAt)}</time>
                </Text>
              </Group>
              <Text size="sm" mb="xs">
                To: {message.to}
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
