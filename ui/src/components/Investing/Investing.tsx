import { Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { InvestorDetails, UserRecord } from '@wine/contracts';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { currentUserAtom } from '../../state/session.ts';
import { QueryState } from '../QueryState/QueryState.tsx';
import { AddOwnerCard } from './AddOwnerCard.tsx';
import { CardForInvesting } from './CardForInvesting.tsx';
import { HoldingsCard } from './HoldingsCard.tsx';
import { DocumentsCard, StatusCard } from './InvestorCards.tsx';
import { investorQuery } from './investing-forms.ts';
import { BankCard, OrderCard, OrdersCard } from './MoneyCards.tsx';
import { Onboarding } from './OnboardForms.tsx';
import { ServiceDocumentsCard } from './ServiceDocumentsCard.tsx';
import { SuitabilityCard } from './SuitabilityCard.tsx';

/**
 * Onboarded: where the investor stands (and, for an entity with room for one, another owner to add),
 * their evidence, suitability, bank and card, the order form, the documents North Capital keeps, their
 * holdings there and their orders.
 */
function InvestorDashboard({ details, user }: { details: InvestorDetails; user: UserRecord }) {
  const holder = details.name ?? `${user.first_name} ${user.last_name}`;
  return (
    <Stack gap="lg" data-testid="investor-dashboard">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <StatusCard details={details} />
        <AddOwnerCard details={details} />
        <DocumentsCard details={details} />
        <SuitabilityCard details={details} />
        <ServiceDocumentsCard details={details} />
        <BankCard details={details} user={user} />
        <CardForInvesting details={details} holder={holder} />
        <OrderCard details={details} />
        <HoldingsCard />
      </SimpleGrid>
      <OrdersCard details={details} />
    </Stack>
  );
}

/**
 * Issue 35 §3 /account/investing: the signed-in user onboards as an investor (an individual, or an
 * entity with its owners) through North Capital, then sees their status, documents and orders.
 */
export function Investing() {
  const { t } = useTranslation();
  const user = useAtomValue(currentUserAtom);
  const details = useQuery(investorQuery());
  return (
    <Container size="md" py="xl">
      <Title order={1} fz={36} mb="xs">
        {t('ui.investing.title')}
      </Title>
      <Text mb="lg">{t('ui.investing.intro')}</Text>
      {/* The protected layout renders this only for a validated user. */}
      {user ? (
        <QueryState query={details} label={t('ui.investing.loading')} error="alert">
          {(data) =>
            data.onboarded ? <InvestorDashboard details={data} user={user} /> : <Onboarding user={user} />
          }
        </QueryState>
      ) : null}
    </Container>
  );
}
