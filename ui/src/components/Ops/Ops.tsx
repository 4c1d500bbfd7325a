import {
  Alert,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { OpsStatus, ProjectionStatusView } from '@wine/contracts';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, callForMessage, errorMessage, messageOr } from '../../api/client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { currentUserAtom } from '../../state/session.ts';
import { QueryState } from '../QueryState/QueryState.tsx';
import { canOperate } from './ops-roles.ts';
import { ProjectionTable } from './ProjectionTable.tsx';
import { SkipDialog, type SkipInput } from './SkipDialog.tsx';

/** How often the page asks again (issue 12: refresh by polling); faster while a rebuild runs. */
const POLL_MS = 3_000;
const POLL_REBUILDING_MS = 500;

export const opsStatusKey = ['opsStatus'] as const;

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** The log's head and the realtime server's sockets. */
function Overview({ status }: { status: OpsStatus }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} mb="lg">
      <Card withBorder component="section" aria-label={t('ui.ops.head')}>
        <Figure
          label={t('ui.ops.head')}
          value={status.head.position ? Number(status.head.position).toLocaleString() : '0'}
          testId="ops-head"
        />
        <Text size="xs" c="dimmed">
          {status.head.at ? t('ui.ops.headAt', { at: formatDateTime(status.head.at) }) : t('ui.ops.emptyLog')}
        </Text>
      </Card>
      <Card withBorder component="section" aria-label={t('ui.ops.realtime')}>
        {status.realtime ? (
          <Group gap="xl">
            <Figure
              label={t('ui.ops.sockets')}
              value={status.realtime.socketsConnected.toLocaleString()}
              testId="ops-sockets"
            />
            <Figure
              label={t('ui.ops.messagesPerSecond')}
              value={status.realtime.messagesPerSecond.toFixed(1)}
              testId="ops-messages"
            />
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('ui.ops.realtimeApart')}
          </Text>
        )}
      </Card>
    </SimpleGrid>
  );
}

/** Replays one stream into the read models (`/api/ops/replayStream`). */
function ReplayStream() {
  const { t } = useTranslation();
  const pushAlert = useSetAtom(pushAlertAtom);
  const [stream, setStream] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const replay = async () => {
    setFailure(null);
    setSending(true);
    try {
      const { message, responseData } = await callForMessage('opsReplayStream', { stream: stream.trim() });
      pushAlert({ msg: messageOr(message, t('ui.ops.replayed', responseData)), type: 'success' });
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSending(false);
    }
  };
  return (
    <Card withBorder component="section" mt="lg" aria-label={t('ui.ops.replayTitle')}>
      <Title order={2} size="h4" mb={4}>
        {t('ui.ops.replayTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('ui.ops.replayHint')}
      </Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void replay();
        }}
      >
        <Group align="flex-end">
          <TextInput
            label={t('ui.ops.stream')}
            placeholder="lot-…"
            value={stream}
            onChange={(event) => setStream(event.currentTarget.value)}
            error={failure}
            maxLength={300}
            style={{ flex: 1, minWidth: 200 }}
          />
          <Button type="submit" loading={sending} disabled={stream.trim().length < 3}>
            {t('ui.ops.replay')}
          </Button>
        </Group>
      </form>
    </Card>
  );
}

function OpsBoard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  const [busy, setBusy] = useState<string | null>(null);
  const [skipping, setSkipping] = useState<ProjectionStatusView | null>(null);
  const status = useQuery({
    queryKey: opsStatusKey,
    queryFn: ({ signal }) => call('opsStatus', {}, { signal }),
    refetchInterval: (query) =>
      query.state.data?.projections.some((p) => p.state === 'rebuilding' || p.state === 'catching-up')
        ? POLL_REBUILDING_MS
        : POLL_MS,
  });
  /** Runs an action that answers the new status, shows it at once, and says how it went. */
  const act = async (name: string, run: () => ReturnType<typeof callForMessage<'opsRetry'>>) => {
    setBusy(name);
    try {
      const { message, responseData } = await run();
      queryClient.setQueryData(opsStatusKey, responseData);
      pushAlert({ msg: message, type: 'success' });
    } catch (error) {
      pushAlert({ msg: errorMessage(error), type: 'error' });
    } finally {
      setBusy(null);
    }
  };
  const skip = async (input: SkipInput) => {
    const { message, responseData } = await callForMessage('opsSkip', input);
    queryClient.setQueryData(opsStatusKey, responseData);
    pushAlert({ msg: message, type: 'success' });
  };
  return (
    <QueryState query={status} label={t('ui.ops.loading')} keepData>
      {(current) => (
        <>
          <Overview status={current} />
          <Card withBorder component="section" aria-label={t('ui.ops.readModels')}>
            <Group justify="space-between" mb="sm">
              <Title order={2} size="h4">
                {t('ui.ops.readModels')}
              </Title>
              <Text size="xs" c="dimmed" data-testid="ops-checked-at">
                {t('ui.ops.checkedAt', { at: formatDateTime(current.checkedAt) })}
              </Text>
            </Group>
            <ProjectionTable
              projections={current.projections}
              busy={busy}
              onRetry={(p) => void act(p.name, () => callForMessage('opsRetry', { projection: p.name }))}
              onRebuild={(p) => void act(p.name, () => callForMessage('opsRebuild', { projection: p.name }))}
              onSkip={setSkipping}
            />
          </Card>
          <ReplayStream />
          {skipping?.failure ? (
            <SkipDialog
              projection={skipping.name}
              failure={skipping.failure}
              onClose={() => setSkipping(null)}
              onSubmit={skip}
            />
          ) : null}
        </>
      )}
    </QueryState>
  );
}

/**
 * /ops (issue 12 "Support"): every read model's position, lag, rate, state and last error, with
 * Retry, Skip and Rebuild; the log's head and the sockets. Support and admins only (the server
 * refuses anyone else with ROLE_REQUIRED anyway).
 */
export function Ops() {
  const { t } = useTranslation();
  const user = useAtomValue(currentUserAtom);
  return (
    <Container size="xl" py="xl">
      <Title order={1} mb="lg">
        {t('ui.ops.title')}
      </Title>
      {user && canOperate(user) ? (
        <OpsBoard />
      ) : (
        <Alert color="gray" data-testid="ops-staff-only">
          {t('ui.ops.staffOnly')}
        </Alert>
      )}
    </Container>
  );
}
