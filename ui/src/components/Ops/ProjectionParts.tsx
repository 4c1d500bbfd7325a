import { Badge, Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { ProjectionState, ProjectionStatusView } from '@wine/contracts';
import { useTranslation } from 'react-i18next';

const stateLabel = {
  'catching-up': 'ui.ops.catchingUp',
  live: 'ui.ops.live',
  'stopped-on-error': 'ui.ops.stoppedOnError',
  rebuilding: 'ui.ops.rebuilding',
} as const satisfies Record<ProjectionState, string>;
const stateColour: Record<ProjectionState, string> = {
  'catching-up': 'yellow',
  live: 'green',
  'stopped-on-error': 'red',
  rebuilding: 'blue',
};

export interface ProjectionActions {
  onRetry: (p: ProjectionStatusView) => void;
  onSkip: (p: ProjectionStatusView) => void;
  onRebuild: (p: ProjectionStatusView) => void;
  /** The read model an action is under way for (its buttons wait). */
  busy: string | null;
}

export const number = (n: number) => n.toLocaleString();
export const positionText = (position: string) => (position ? number(Number(position)) : '0');

export function StateBadge({ state }: { state: ProjectionState }) {
  const { t } = useTranslation();
  return (
    <Badge color={stateColour[state]} variant="light">
      {t(stateLabel[state])}
    </Badge>
  );
}

/** A rebuild's bar while it runs, and how it ended after. */
export function RebuildState({ p }: { p: ProjectionStatusView }) {
  const { t } = useTranslation();
  const { rebuild } = p;
  if (!rebuild) return null;
  if (!rebuild.done) {
    const percent = Math.round(rebuild.fraction * 100);
    return (
      <Stack gap={2} mt={4}>
        <Progress
          value={percent}
          size="sm"
          animated
          aria-label={t('ui.ops.rebuildProgress', { name: p.name })}
          data-testid="rebuild-progress"
        />
        <Text size="xs" c="dimmed">
          {percent}% · {number(rebuild.events)}
        </Text>
      </Stack>
    );
  }
  return rebuild.error ? (
    <Text size="xs" c="red.8" data-testid="rebuild-failed">
      {t('ui.ops.rebuildFailed', { error: rebuild.error })}
    </Text>
  ) : (
    <Text size="xs" c="dimmed" data-testid="rebuild-done">
      {t('ui.ops.rebuildDone', { events: number(rebuild.events) })}
    </Text>
  );
}

/** The event a read model stopped at, and the error. */
export function FailureText({ p }: { p: ProjectionStatusView }) {
  const { t } = useTranslation();
  if (!p.failure) {
    return (
      <Text size="sm" c="dimmed">
        {t('ui.ops.none')}
      </Text>
    );
  }
  return (
    <Stack gap={2}>
      <Text size="sm" c="red.8" style={{ overflowWrap: 'anywhere' }} data-testid="ops-error">
        {p.failure.error}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {t('ui.ops.errorAt', {
          type: p.failure.eventType,
          stream: p.failure.streamName,
          position: Number(p.failure.position),
        })}
      </Text>
    </Stack>
  );
}

/** Retry and Skip for a stopped read model; Rebuild for any. */
export function ProjectionButtons({
  p,
  onRetry,
  onSkip,
  onRebuild,
  busy,
}: { p: ProjectionStatusView } & ProjectionActions) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      {p.state === 'stopped-on-error' ? (
        <>
          <Button
            size="xs"
            onClick={() => onRetry(p)}
            loading={busy === p.name}
            aria-label={t('ui.ops.retryOf', { name: p.name })}
          >
            {t('ui.ops.retry')}
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            onClick={() => onSkip(p)}
            disabled={busy === p.name}
            aria-label={t('ui.ops.skipOf', { name: p.name })}
          >
            {t('ui.ops.skip')}
          </Button>
        </>
      ) : null}
      <Button
        size="xs"
        variant="default"
        onClick={() => onRebuild(p)}
        disabled={p.state === 'rebuilding' || busy === p.name}
        aria-label={t('ui.ops.rebuildOf', { name: p.name })}
      >
        {t('ui.ops.rebuild')}
      </Button>
    </Group>
  );
}
