import { Group, Progress, Text } from '@mantine/core';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadPasswordScorer, type PasswordScore, strengthLabel } from '../../lib/password-strength.ts';

const colours = ['red', 'red', 'orange', 'yellow', 'green'] as const;

export interface PasswordStrengthProps {
  password: string;
  /** Words the password should not lean on (the user's name and e-mail). */
  userInputs?: string[];
  /** Reports each new score (seeds 001 §4: the score is stored in the form). */
  onScore?: (score: PasswordScore) => void;
}

/** seeds 001 §4: Weak (score 0-1), Fair (2), Good (3), Strong (4). */
export function PasswordStrength({ password, userInputs = [], onScore }: PasswordStrengthProps) {
  const { t } = useTranslation();
  const [result, setResult] = useState<{ password: string; score: PasswordScore } | null>(null);
  const inputs = userInputs.join('\n');
  const report = useEffectEvent((score: PasswordScore) => onScore?.(score));
  useEffect(() => {
    let current = true;
    void loadPasswordScorer()
      .then((score) => {
        if (!current) return;
        const value = score(password, inputs.split('\n'));
        setResult({ password, score: value });
        report(value);
      })
      .catch(() => {
        // Without the estimator the meter stays hidden; the length rule still applies.
      });
    return () => {
      current = false;
    };
  }, [password, inputs]);

  if (!password || result?.password !== password) return null;
  const label = strengthLabel(result.score);
  return (
    <Group gap="sm" wrap="nowrap" data-testid="password-strength" data-score={result.score}>
      <Progress
        value={((result.score + 1) / 5) * 100}
        color={colours[result.score]}
        size="sm"
        style={{ flex: 1 }}
        aria-label={t('ui.passwordStrength.label')}
      />
      <Text size="xs" fw={600} c={colours[result.score]} aria-live="polite">
        {t(`ui.passwordStrength.${label}`)}
      </Text>
    </Group>
  );
}
