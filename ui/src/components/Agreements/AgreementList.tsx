import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { AgreementRecord } from '@wine/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { agreementStatusColor, agreementStatusLabel, isOpen } from './agreement-labels.ts';

/** Agreements as cards: name, status, when it was sent and what happened since; `action` per agreement. */
export function AgreementList({
  records,
  empty,
  action,
  waiting,
}: {
  records: AgreementRecord[];
  empty: string;
  action?: (agreement: AgreementRecord) => ReactNode;
  /** How an agreement open for signing reads to this reader (the seller's words by default). */
  waiting?: string;
}) {
  const { t } = useTranslation();
  const label = (status: AgreementRecord['status']) =>
    waiting && isOpen(status) ? waiting : t(agreementStatusLabel[status]);
  if (records.length === 0) {
    return (
      <Text c="dimmed" data-testid="agreements-empty">
        {empty}
      </Text>
    );
  }
  return (
    <Stack gap="sm" data-testid="agreements">
      {records.map((agreement) => (
        <Card
          key={agreement.id}
          withBorder
          padding="md"
          data-testid="agreement"
          data-status={agreement.status}
        >
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <Stack gap={4}>
              <Text fw={600}>{agreement.name}</Text>
              <Text size="sm" c="dimmed">
                {t('ui.agreements.requested', { date: formatDate(agreement.requested_at) })}
              </Text>
              <Text size="xs" c="dimmed">
                {t('ui.agreements.history')}:{' '}
                {agreement.history
                  .map((step) => ({ label: label(step.status), at: step.at }))
                  // "Being prepared" is the upload and the draft; the send is told by the service and by us.
                  .filter((step, i, all) => i === 0 || all[i - 1]?.label !== step.label)
                  .map((step) => `${step.label} (${formatDateTime(step.at)})`)
                  .join(' · ')}
              </Text>
            </Stack>
            <Group gap="sm">
              <Badge
                color={agreementStatusColor[agreement.status]}
                variant="light"
                data-testid="agreement-status"
              >
                {label(agreement.status)}
              </Badge>
              {action?.(agreement)}
            </Group>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
