import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { StaffUserDetail } from '@wine/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { AnchorLink } from '../AnchorLink.tsx';

/** A titled list of the user's page, or what it says when empty. */
function Listing({ title, empty, children }: { title: string; empty: string; children: React.ReactNode[] }) {
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {title}
      </Text>
      {children.length === 0 ? <Text size="sm">{empty}</Text> : children}
    </Stack>
  );
}

/**
 * Issue 34 "People": the user's money and bidding on their page: cards on file (brand and last four
 * only), wallet balance, company owners, the latest invoices and bids, each linked to its page.
 */
export function UserActivity({ user }: { user: StaffUserDetail }) {
  const { t } = useTranslation();
  return (
    <Card withBorder component="section" aria-labelledby="user-activity-title" data-testid="user-activity">
      <Title order={2} fz={22} id="user-activity-title" mb="sm">
        {t('ui.staff.users.activity')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Listing title={t('ui.staff.users.cards')} empty={t('ui.staff.users.noCards')}>
          {user.cards.map((card) => (
            <Text key={`${card.brand}-${card.last4}`} size="sm">
              {t('ui.staff.users.cardOnFile', { brand: card.brand.toUpperCase(), last4: card.last4 })}
            </Text>
          ))}
        </Listing>
        <Listing title={t('ui.staff.users.wallet')} empty="">
          {[
            <Text key="balance" size="sm" data-testid="user-wallet">
              {formatMoney(user.walletBalance)}
            </Text>,
          ]}
        </Listing>
        <Listing title={t('ui.staff.users.latestInvoices')} empty={t('ui.staff.users.noInvoices')}>
          {user.invoices.map((invoice) => (
            <AnchorLink key={invoice.id} to="/invoice/$id" params={{ id: invoice.id }} size="sm">
              {t('ui.staff.users.invoiceLine', {
                invoice: invoice.number ?? invoice.id,
                total: formatMoney(invoice.total),
                status: invoice.status,
              })}
            </AnchorLink>
          ))}
        </Listing>
        <Listing title={t('ui.staff.users.latestBids')} empty={t('ui.staff.users.noBids')}>
          {user.bids.map((bid) => (
            <AnchorLink
              key={`${bid.lotId}-${bid.at}`}
              to="/productview/$pid"
              params={{ pid: bid.lotId }}
              size="sm"
              title={formatDateTime(bid.at)}
            >
              {t('ui.staff.users.bidLine', { amount: formatMoney(bid.amount), title: bid.title })}
            </AnchorLink>
          ))}
        </Listing>
        {user.owners.length > 0 ? (
          <Listing title={t('ui.staff.users.owners')} empty="">
            {user.owners.map((owner) => (
              <Text key={`${owner.name}-${owner.email}`} size="sm">
                {t('ui.staff.users.ownerLine', {
                  name: owner.name,
                  title: owner.title,
                  percent: owner.ownershipPercent,
                })}
              </Text>
            ))}
          </Listing>
        ) : null}
      </SimpleGrid>
    </Card>
  );
}
