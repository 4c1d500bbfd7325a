import { Card, Container, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ActionName, InputOf, StaffSettings as Settings } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { callForMessage, messageOr } from '../../api/client.ts';
import { invalidateAction } from '../../api/queries.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { AnchorLink } from '../AnchorLink.tsx';
import { DateTime } from '../DateTime/DateTime.tsx';
import { BiddingForm } from './BiddingForm.tsx';
import { CatalogueForm } from './CatalogueForm.tsx';
import { MoneyForm } from './MoneyForm.tsx';
import { ShippingForm } from './ShippingForm.tsx';
import { BankForm, ShopForm } from './ShopForm.tsx';

type SectionAction = Extract<
  ActionName,
  | 'changeMerchantDetails'
  | 'changeBankDetails'
  | 'changeBiddingSettings'
  | 'changeMoneySettings'
  | 'changeCatalogueSettings'
  | 'changeShippingSettings'
>;

/**
 * Saves one section: the server's message as an alert, then the settings screen and everything the
 * storefront shows from them (getDefault, the footer's merchant) ask again, so this tab shows the
 * change at once. A refusal is thrown to the form, which puts it under its field or above its button.
 */
export function useSaveSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  return async <N extends SectionAction>(name: N, input: InputOf<N>) => {
    const { message } = await callForMessage(name, input);
    pushAlert({ msg: messageOr(message, t('ui.houseSettings.saved')), type: 'success' });
    await Promise.all([
      invalidateAction(queryClient, 'staffSettings'),
      invalidateAction(queryClient, 'getDefault'),
      invalidateAction(queryClient, 'getFooterLinks'),
    ]);
  };
}

const changeLabels = {
  merchant: 'ui.houseSettings.changes.merchant',
  bank: 'ui.houseSettings.changes.bank',
  bidding: 'ui.houseSettings.changes.bidding',
  money: 'ui.houseSettings.changes.money',
  catalogue: 'ui.houseSettings.changes.catalogue',
  shipping: 'ui.houseSettings.changes.shipping',
} as const;

/** The latest changes: when, which section, who. */
function Changes({ changes }: { changes: Settings['changes'] }) {
  const { t } = useTranslation();
  if (changes.length === 0) return <Text c="dimmed">{t('ui.houseSettings.changes.none')}</Text>;
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table striped data-testid="settings-changes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('ui.houseSettings.changes.at')}</Table.Th>
            <Table.Th>{t('ui.houseSettings.changes.section')}</Table.Th>
            <Table.Th>{t('ui.houseSettings.changes.by')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changes.map((change) => (
            <Table.Tr key={`${change.at}-${change.section}`}>
              <Table.Td>
                <DateTime iso={change.at} withTime />
              </Table.Td>
              <Table.Td>{t(changeLabels[change.section])}</Table.Td>
              <Table.Td>{change.by}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * /admin/settings (admins, issue 34 §3): the merchant's details, the bank for transfers, the bidding
 * and the money rules, shipping, the catalogue's texts and defaults, each a form saved on its own (one
 * event each), and the list of changes.
 */
export function StaffSettings({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  return (
    <Container size="lg" py="xl">
      <Stack gap={4} mb="md">
        <Title order={1}>{t('ui.houseSettings.title')}</Title>
        <Text c="dimmed">{t('ui.houseSettings.intro')}</Text>
      </Stack>
      <Tabs defaultValue="shop" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="shop">{t('ui.houseSettings.tabShop')}</Tabs.Tab>
          <Tabs.Tab value="bank">{t('ui.houseSettings.tabBank')}</Tabs.Tab>
          <Tabs.Tab value="bidding">{t('ui.houseSettings.tabBidding')}</Tabs.Tab>
          <Tabs.Tab value="money">{t('ui.houseSettings.tabMoney')}</Tabs.Tab>
          <Tabs.Tab value="shipping">{t('ui.houseSettings.tabShipping')}</Tabs.Tab>
          <Tabs.Tab value="catalogue">{t('ui.houseSettings.tabCatalogue')}</Tabs.Tab>
          <Tabs.Tab value="changes">{t('ui.houseSettings.tabChanges')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="shop">
          <ShopForm merchant={settings.merchant} />
        </Tabs.Panel>
        <Tabs.Panel value="bank">
          <BankForm bank={settings.bank} demo={settings.bank_demo} />
        </Tabs.Panel>
        <Tabs.Panel value="bidding">
          <BiddingForm bidding={settings.bidding} />
        </Tabs.Panel>
        <Tabs.Panel value="money">
          <MoneyForm money={settings.money} />
        </Tabs.Panel>
        <Tabs.Panel value="shipping">
          <ShippingForm shipping={settings.shipping} />
        </Tabs.Panel>
        <Tabs.Panel value="catalogue">
          <CatalogueForm catalogue={settings.catalogue} premium={settings.bidding.buyer_premium} />
        </Tabs.Panel>
        <Tabs.Panel value="changes">
          <Card withBorder>
            <Title order={2} fz="lg" mb="sm">
              {t('ui.houseSettings.changes.title')}
            </Title>
            <Changes changes={settings.changes} />
            <Text size="sm" mt="sm">
              <AnchorLink to="/audit/settings">{t('ui.houseSettings.changes.history')}</AnchorLink>
            </Text>
          </Card>
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
