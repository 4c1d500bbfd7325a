import { Button, Container, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, errorMessage } from '../../api/client.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { QueryState } from '../QueryState/QueryState.tsx';
import { MyWinesTabs } from '../SellerLots/MyWinesTabs.tsx';
import { AgreementList } from './AgreementList.tsx';
import { isOpen } from './agreement-labels.ts';

export const myAgreementsQuery = () => ({
  queryKey: ['viewPandaDoc', {}] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => call('viewPandaDoc', {}, { signal }),
});

/**
 * Issue 35 §4 /myWines/agreements: the seller's consignment agreements; one waiting for their
 * signature opens in the documents service's signing session, in the same tab (as a card issuer's
 * page does), and the page lists what the service told the house since.
 */
export function SellerAgreements() {
  const { t } = useTranslation();
  const agreements = useQuery(myAgreementsQuery());
  const pushAlert = useSetAtom(pushAlertAtom);
  const [opening, setOpening] = useState<string | null>(null);
  const open = async (id: string) => {
    setOpening(id);
    try {
      const session = await call('getSessionId', { id });
      window.location.assign(session.url);
    } catch (error) {
      setOpening(null);
      pushAlert({ msg: errorMessage(error), type: 'error' });
    }
  };
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="sm">
        {t('ui.agreements.title')}
      </Title>
      <MyWinesTabs current="agreements" />
      <Text mb="md">{t('ui.agreements.intro')}</Text>
      <QueryState query={agreements} label={t('ui.agreements.title')} error="alert">
        {(data) => (
          <AgreementList
            records={data.records}
            empty={t('ui.agreements.empty')}
            action={(agreement) =>
              isOpen(agreement.status) ? (
                <Button
                  size="sm"
                  loading={opening === agreement.id}
                  onClick={() => void open(agreement.id)}
                  data-testid="agreement-sign"
                >
                  {t('ui.agreements.sign')}
                </Button>
              ) : null
            }
          />
        )}
      </QueryState>
    </Container>
  );
}
