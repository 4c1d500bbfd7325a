import { Group, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { useServerNow } from '../../state/clock.ts';
import { type CountdownLot, countdownState, formatRemaining } from './countdown.ts';

export interface CountdownProps {
  lot: CountdownLot;
  size?: 'xs' | 'sm' | 'md' | 'lg';
}

/** Time left on a lot, ticking every second against the server clock (seeds 000 §4.5). */
export function Countdown({ lot, size = 'sm' }: CountdownProps) {
  const { t } = useTranslation();
  const now = useServerNow();
  const state = countdownState(lot, now);
  const [label, value] = describe(state, t);
  return (
    <Group gap={6} wrap="nowrap" data-testid="countdown" data-state={state.kind}>
      <Text component="span" size={size} c="dimmed">
        {label}
      </Text>
      {value ? ' ' : null}
      {value ? (
        <Text
          component="span"
          size={size}
          fw={600}
          role="timer"
          c={state.kind === 'timeLeft' ? 'burgundy.8' : undefined}
        >
          {value}
        </Text>
      ) : null}
    </Group>
  );
}

function describe(state: ReturnType<typeof countdownState>, t: TFunction): [string, string | null] {
  switch (state.kind) {
    case 'startsIn':
      return [t('ui.countdown.startsIn'), formatRemaining(state.remainingMs)];
    case 'timeLeft':
      return [t('ui.countdown.timeLeft'), formatRemaining(state.remainingMs)];
    case 'endsOn':
      return [t('ui.countdown.auctionEnds'), formatDateTime(state.closesAt)];
    case 'auctionClosed':
      return [t('ui.countdown.auctionClosed'), null];
    case 'closedOn':
      return [t('ui.countdown.closedOn'), formatDate(state.closedAt)];
    default: {
      const _exhaustive: never = state;
      return _exhaustive;
    }
  }
}
