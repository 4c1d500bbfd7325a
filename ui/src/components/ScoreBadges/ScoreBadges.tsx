import { Badge, Group } from '@mantine/core';
import { type LotView, scoreBadges } from '@wine/contracts';
import { useTranslation } from 'react-i18next';

export interface ScoreBadgesProps {
  lot: Partial<Pick<LotView, (typeof scoreBadges)[number][1]>>;
  size?: 'xs' | 'sm' | 'md' | 'lg';
}

/** Critic scores the lot carries, in the order of seeds 000 §2.7 (WS, BH, IWC, JS, VM, WA, JD, JR, DM, TWI). */
export function ScoreBadges({ lot, size = 'sm' }: ScoreBadgesProps) {
  const { t } = useTranslation();
  const scores = scoreBadges.flatMap(([label, field]) => {
    const value = lot[field];
    return typeof value === 'string' && value.trim() ? [{ label, value: value.trim() }] : [];
  });
  if (!scores.length) return null;
  return (
    <Group
      component="ul"
      gap={6}
      aria-label={t('ui.lot.criticScores')}
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {scores.map((s) => (
        <li key={s.label}>
          <Badge size={size} variant="filled" color="gold.8" data-score={s.label}>
            {s.label} {s.value}
          </Badge>
        </li>
      ))}
    </Group>
  );
}
