import { Badge, Container, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatMoney, type StaffInvestor } from '@wine/contracts';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import { mayCall } from '../../lib/may-call.ts';
import { currentUserAtom } from '../../state/session.ts';
import { AnchorLink } from '../AnchorLink.tsx';
import { DateTime } from '../DateTime/DateTime.tsx';
import { QueryState } from '../QueryState/QueryState.tsx';
import { InvestmentOrders, OfferingTotals } from './StaffInvestmentOrders.tsx';

const kindLabel = {
  individual: 'ui.staff.investors.kind_individual',
  entity: 'ui.staff.investors.kind_entity',
} as const;
const kycLabel = {
  pending: 'ui.staff.investors.kyc_pending',
  approved: 'ui.staff.investors.kyc_approved',
  disapproved: 'ui.staff.investors.kyc_disapproved',
} as const;
const kycColor = { pending: 'gray', approved: 'green', disapproved: 'red' } as const;
const accreditationLabel = {
  none: 'ui.staff.investors.accreditation_none',
  pending: 'ui.staff.investors.accreditation_pending',
  accredited: 'ui.staff.investors.accreditation_accredited',
  not_accredited: 'ui.staff.investors.accreditation_not_accredited',
} as const;

/**
 * Issue 35 §3 /admin/investors (finance and admins): each offering's total and the orders to mark
 * funded and settled, with their payments; for admins first every investor profile made through North
 * Capital (or its sandbox), with each owner's identity check, the accreditation, the bank's last four
 * and the orders.
 */
export function StaffInvestors() {
  const { t } = useTranslation();
  const me = useAtomValue(currentUserAtom);
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="md">
        {t('ui.staff.investors.title')}
      </Title>
      {me && mayCall(me, 'adminInvestors') ? <InvestorProfiles /> : null}
      <Stack gap="xl" mt="xl">
        <OfferingTotals />
        <InvestmentOrders />
      </Stack>
    </Container>
  );
}

/** Every investor profile, newest first (adminInvestors: admins only). */
function InvestorProfiles() {
  const { t } = useTranslation();
  const investors = useQuery({
    queryKey: ['adminInvestors', {}] as const,
    queryFn: ({ signal }) => call('adminInvestors', {}, { signal }),
  });
  return (
    <QueryState query={investors} label={t('ui.staff.investors.loading')} error="alert">
      {(data) =>
        data.records.length === 0 ? (
          <Text c="dimmed" data-testid="investors-empty">
            {t('ui.staff.investors.empty')}
          </Text>
        ) : (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t('ui.staff.investors.count', { count: data.totalRecords })}
            </Text>
            <Table.ScrollContainer minWidth={760}>
              <Table striped verticalSpacing="sm" data-testid="investors">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('ui.staff.investors.name')}</Table.Th>
                    <Table.Th>{t('ui.staff.investors.kind')}</Table.Th>
                    <Table.Th>{t('ui.staff.investors.owners')}</Table.Th>
                    <Table.Th>{t('ui.staff.investors.accreditation')}</Table.Th>
                    <Table.Th>{t('ui.staff.investors.bank')}</Table.Th>
                    <Table.Th>{t('ui.staff.investors.orders')}</Table.Th>
                    <Table.Th>{t('ui.staff.investors.since')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.records.map((row: StaffInvestor) => (
                    <Table.Tr key={row.user_id} data-testid="investor">
                      <Table.Td>
                        <AnchorLink to="/admin/users/$id" params={{ id: row.user_id }}>
                          {row.name}
                        </AnchorLink>
                      </Table.Td>
                      <Table.Td>{t(kindLabel[row.kind])}</Table.Td>
                      <Table.Td>
                        <Group gap={6}>
                          {row.owners.map((owner) => (
                            <Badge key={owner.name} variant="light" color={kycColor[owner.kyc]} tt="none">
                              {owner.name}: {t(kycLabel[owner.kyc])}
                            </Badge>
                          ))}
                        </Group>
                      </Table.Td>
                      <Table.Td>{t(accreditationLabel[row.accreditation])}</Table.Td>
                      <Table.Td>{row.bank_last4 ? `•••• ${row.bank_last4}` : '—'}</Table.Td>
                      <Table.Td>
                        {t('ui.staff.investors.ordersSummary', {
                          count: row.orders,
                          amount: formatMoney(row.ordered),
                        })}
                      </Table.Td>
                      <Table.Td>
                        <DateTime iso={row.onboarded_at} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        )
      }
    </QueryState>
  );
}
