import { Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { ProjectionStatusView } from '@wine/contracts';
import { useTranslation } from 'react-i18next';
import {
  FailureText,
  number,
  type ProjectionActions,
  ProjectionButtons,
  positionText,
  RebuildState,
  StateBadge,
} from './ProjectionParts.tsx';

export type { ProjectionActions } from './ProjectionParts.tsx';

type Props = { projections: ProjectionStatusView[] } & ProjectionActions;

/** On a phone: one card per read model, its figures two by two. */
function ProjectionCards({ projections, ...actions }: Props) {
  const { t } = useTranslation();
  const figure = (label: string, value: string) => (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {value}
      </Text>
    </Stack>
  );
  return (
    <Stack gap="sm" hiddenFrom="md">
      {projections.map((p) => (
        <Card key={p.name} withBorder padding="sm" data-testid="ops-projection-card" data-projection={p.name}>
          <Group justify="space-between" mb="xs">
            <Text fw={700}>{p.name}</Text>
            <StateBadge state={p.state} />
          </Group>
          <SimpleGrid cols={2} spacing="xs" mb="xs">
            {figure(t('ui.ops.position'), positionText(p.position))}
            {figure(t('ui.ops.rate'), p.eventsPerSecond.toFixed(1))}
            {figure(t('ui.ops.lagEvents'), number(p.lagEvents))}
            {figure(t('ui.ops.lagSeconds'), p.lagSeconds.toFixed(1))}
          </SimpleGrid>
          {p.failure ? <FailureText p={p} /> : null}
          <RebuildState p={p} />
          <Group mt="xs">
            <ProjectionButtons p={p} {...actions} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** Every read model: where it stands against the log, how fast it goes, and what support can do. */
export function ProjectionTable({ projections, ...actions }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <ProjectionCards projections={projections} {...actions} />
      <Table.ScrollContainer minWidth={900} visibleFrom="md">
        <Table striped verticalSpacing="xs" data-testid="ops-projections">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('ui.ops.projection')}</Table.Th>
              <Table.Th>{t('ui.ops.state')}</Table.Th>
              <Table.Th ta="right">{t('ui.ops.position')}</Table.Th>
              <Table.Th ta="right">{t('ui.ops.lagEvents')}</Table.Th>
              <Table.Th ta="right">{t('ui.ops.lagSeconds')}</Table.Th>
              <Table.Th ta="right">{t('ui.ops.rate')}</Table.Th>
              <Table.Th>{t('ui.ops.lastError')}</Table.Th>
              <Table.Th>{t('ui.ops.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {projections.map((p) => (
              <Table.Tr
                key={p.name}
                data-testid="ops-projection"
                data-projection={p.name}
                data-state={p.state}
              >
                <Table.Td fw={600}>
                  {p.name}
                  <RebuildState p={p} />
                </Table.Td>
                <Table.Td>
                  <StateBadge state={p.state} />
                </Table.Td>
                <Table.Td ta="right">{positionText(p.position)}</Table.Td>
                <Table.Td ta="right">{number(p.lagEvents)}</Table.Td>
                <Table.Td ta="right">{p.lagSeconds.toFixed(1)}</Table.Td>
                <Table.Td ta="right">{p.eventsPerSecond.toFixed(1)}</Table.Td>
                <Table.Td maw={320}>
                  <FailureText p={p} />
                </Table.Td>
                <Table.Td>
                  <ProjectionButtons p={p} {...actions} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
