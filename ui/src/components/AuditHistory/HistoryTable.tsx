import { ActionIcon, Badge, Code, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { HistoryChange, HistoryRow } from '@wine/contracts';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './AuditHistory.module.css';
import { formatAuditTime } from './history-view.ts';

const actorKinds = {
  user: 'ui.auditHistory.actorKinds.user',
  admin: 'ui.auditHistory.actorKinds.admin',
  system: 'ui.auditHistory.actorKinds.system',
} as const;

/** Points right when closed, down when open. */
const Chevron = ({ open }: { open: boolean }) => (
  <svg
    width="14"
    height="14"
    viewBox="0 0 24 24"
    aria-hidden="true"
    className={open ? classes.open : undefined}
  >
    <path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
  </svg>
);

const json = (value: unknown) => JSON.stringify(value, null, 2);

function Changes({ changes }: { changes: readonly HistoryChange[] }) {
  const { t } = useTranslation();
  if (changes.length === 0) return <Text c="dimmed">{t('ui.auditHistory.noChanges')}</Text>;
  const side = (value: unknown) =>
    value === undefined ? (
      <Text span c="dimmed">
        {t('ui.auditHistory.absent')}
      </Text>
    ) : (
      <Code>{JSON.stringify(value)}</Code>
    );
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table withTableBorder fz="sm" data-testid="history-changes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('ui.auditHistory.path')}</Table.Th>
            <Table.Th>{t('ui.auditHistory.before')}</Table.Th>
            <Table.Th>{t('ui.auditHistory.after')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changes.map((c) => (
            <Table.Tr key={c.path}>
              <Table.Td className={classes.cell}>{c.path}</Table.Td>
              <Table.Td className={classes.cell}>{side(c.before)}</Table.Td>
              <Table.Td className={classes.cell}>{side(c.after)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function EventDetails({ row }: { row: HistoryRow }) {
  const { t } = useTranslation();
  const facts: [string, string][] = [
    [t('ui.auditHistory.eventId'), row.eventId],
    [t('ui.auditHistory.logPosition'), row.position],
    [t('ui.auditHistory.correlation'), row.correlationId],
    [t('ui.auditHistory.causation'), row.causationId],
  ];
  return (
    <Stack gap="sm" py="xs" data-testid="history-details">
      <Group gap="lg">
        {facts.map(([label, value]) => (
          <Text key={label} size="sm">
            {label}: <Code>{value}</Code>
          </Text>
        ))}
      </Group>
      <Title order={3} fz="md">
        {t('ui.auditHistory.changes')}
      </Title>
      <Changes changes={row.changes} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <div>
          <Title order={3} fz="md" mb={4}>
            {t('ui.auditHistory.data')}
          </Title>
          <Code block className={classes.json}>
            {json(row.data)}
          </Code>
        </div>
        <div>
          <Title order={3} fz="md" mb={4}>
            {t('ui.auditHistory.stateAfter')}
          </Title>
          <Code block className={classes.json}>
            {json(row.state)}
          </Code>
        </div>
      </SimpleGrid>
    </Stack>
  );
}

export interface HistoryTableProps {
  rows: readonly HistoryRow[];
  /** Rows after this revision came after the chosen instant (null: all of them; undefined: no instant). */
  lastBefore?: number | null | undefined;
}

/** The events in order; each row opens to its data, the state after it and what it changed. */
export function HistoryTable({ rows, lastBefore }: HistoryTableProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (revision: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(revision)) next.add(revision);
      return next;
    });
  const later = (row: HistoryRow) =>
    lastBefore !== undefined && (lastBefore === null || row.revision > lastBefore);
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="history-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('ui.auditHistory.position')}</Table.Th>
            <Table.Th>{t('ui.auditHistory.time')}</Table.Th>
            <Table.Th>{t('ui.auditHistory.type')}</Table.Th>
            <Table.Th>{t('ui.auditHistory.actor')}</Table.Th>
            <Table.Th>{t('ui.auditHistory.actingFor')}</Table.Th>
            <Table.Th>{t('ui.auditHistory.command')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const expanded = open.has(row.revision);
            const detailsId = `history-event-${row.revision}`;
            return (
              <Fragment key={row.revision}>
                <Table.Tr
                  data-testid="history-row"
                  data-type={row.type}
                  className={later(row) ? classes.later : undefined}
                >
                  <Table.Td className={classes.nowrap}>
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      mr={4}
                      aria-label={t(
                        expanded ? 'ui.auditHistory.hideDetails' : 'ui.auditHistory.showDetails',
                        {
                          revision: row.revision,
                        },
                      )}
                      aria-expanded={expanded}
                      aria-controls={expanded ? detailsId : undefined}
                      onClick={() => toggle(row.revision)}
                      data-testid="history-toggle"
                    >
                      <Chevron open={expanded} />
                    </ActionIcon>
                    {row.revision}
                  </Table.Td>
                  <Table.Td title={row.occurredAt} className={classes.nowrap}>
                    {formatAuditTime(row.occurredAt)}
                  </Table.Td>
                  <Table.Td>
                    <Text span fw={600} size="sm">
                      {row.type}
                    </Text>
                    {later(row) && (
                      <Badge ml="xs" size="xs" variant="light" color="gray">
                        {t('ui.auditHistory.later')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{t(actorKinds[row.actor.kind])}</Text>
                    <Text size="xs" c="dimmed" className={classes.cell}>
                      {row.actor.id}
                    </Text>
                  </Table.Td>
                  <Table.Td className={classes.cell}>{row.actor.actingAs ?? '—'}</Table.Td>
                  <Table.Td className={classes.cell} title={row.commandId}>
                    <Code>{row.commandId.slice(0, 12)}</Code>
                  </Table.Td>
                </Table.Tr>
                {expanded && (
                  <Table.Tr id={detailsId}>
                    <Table.Td colSpan={6}>
                      <EventDetails row={row} />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
