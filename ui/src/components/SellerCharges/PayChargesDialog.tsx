import { Button, Checkbox, Group, Modal, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { CheckoutResult, SellerChargeView } from '@wine/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callForMessage, errorMessage, messageOr, onceKeys } from '../../api/client.ts';
import { cardsQuery, creditHistoryQuery } from '../../api/queries.ts';
import { browser } from '../../lib/browser.ts';
import { formatMoney } from '../../lib/format.ts';
import { DialogFailure } from '../FormDialog/FormDialog.tsx';
import { brandName, formatExpiry } from '../PaymentCards/cards.ts';

export type ChargesPayment = 'card' | 'wallet' | 'offline';

/** What the seller is told after paying: the server's words, and whether the charges are paid now. */
export interface ChargesPaid {
  message: string;
  result: CheckoutResult;
}

/**
 * Issue 38 §1 "Pay these charges": the charges still owed, paid by a card on file (the wallet's credit
 * first if the seller wants: seller/cart/checkout), by wallet credit alone (seller/credit/payCartWallet,
 * offered only when it covers them) or offline (seller/offline/payCartOffline: the seller is told how
 * much and until when; finance records the money). One x-command-id per attempt, so a request sent
 * again after no answer reaches the card once; a card whose issuer asks for a check goes to its page.
 */
export function PayChargesDialog({
  charges,
  onClose,
  onPaid,
}: {
  charges: readonly SellerChargeView[];
  onClose: () => void;
  onPaid: (paid: ChargesPaid) => Promise<void>;
}) {
  const { t } = useTranslation();
  const owed = charges.filter((c) => c.status !== 'void' && c.due > 0);
  const total = owed.reduce((sum, c) => sum + c.due, 0);
  const cards = useQuery(cardsQuery());
  const wallet = useQuery(creditHistoryQuery({ page: 1, limit: 1 }));
  const balance = wallet.data?.balance;
  const [method, setMethod] = useState<ChargesPayment>('card');
  const [cardId, setCardId] = useState<string | null>(null);
  const [walletFirst, setWalletFirst] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [keys] = useState(() => onceKeys());
  const savedCards = cards.data?.data;
  const chosenCard = cardId ?? savedCards?.[0]?.id ?? null;
  const walletCovers = balance !== undefined && balance >= total;

  const pay = async () => {
    setBusy(true);
    setFailure(null);
    const invoice_ids = owed.map((c) => c.id);
    try {
      let answer: { message: string; responseData: CheckoutResult };
      if (method === 'card') {
        if (!chosenCard) throw new Error(t('ui.sellerCharges.noCards'));
        const input = { invoice_ids, card_id: chosenCard, use_wallet: walletFirst };
        answer = await callForMessage('sellerChargesCheckout', input, { commandId: keys.keyFor(input) });
      } else if (method === 'wallet') {
        const input = { invoice_ids };
        answer = await callForMessage('sellerChargesPayWallet', input, { commandId: keys.keyFor(input) });
      } else {
        answer = await callForMessage('sellerChargesPayOffline', { invoice_ids });
      }
      keys.settled(null);
      const { responseData: result } = answer;
      if (result.status === 'requires_action' && result.url) return browser.assign(result.url);
      const fallback = result.status === 'paid' ? t('ui.sellerCharges.paid') : answer.message;
      await onPaid({ message: messageOr(answer.message, fallback), result });
      onClose();
    } catch (error) {
      keys.settled(error);
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const payable = method !== 'card' || chosenCard !== null;
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('ui.sellerCharges.payTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('ui.common.close') }}
    >
      <Stack gap="md" data-testid="pay-charges">
        <Text size="sm" data-testid="pay-charges-summary">
          {t('ui.sellerCharges.paySummary', { count: owed.length, amount: formatMoney(total) })}
        </Text>
        <Radio.Group
          label={t('ui.sellerCharges.payHow')}
          value={method}
          onChange={(value) => setMethod(value as ChargesPayment)}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="card" label={t('ui.sellerCharges.byCard')} data-testid="charges-by-card" />
            <Radio
              value="wallet"
              label={t('ui.sellerCharges.byWallet', { balance: formatMoney(balance ?? 0) })}
              description={
                balance !== undefined && !walletCovers ? t('ui.sellerCharges.walletShort') : undefined
              }
              disabled={!walletCovers}
              data-testid="charges-by-wallet"
            />
            <Radio
              value="offline"
              label={t('ui.sellerCharges.offline')}
              description={t('ui.sellerCharges.offlineHint')}
              data-testid="charges-offline"
            />
          </Stack>
        </Radio.Group>
        {method === 'card' ? (
          <Stack gap="xs" pl={{ base: 0, xs: 'lg' }}>
            {savedCards === undefined ? <Skeleton height={40} /> : null}
            {savedCards?.length === 0 ? (
              <Text size="sm" c="dimmed" data-testid="charges-no-cards">
                {t('ui.sellerCharges.noCards')}
              </Text>
            ) : null}
            {savedCards && savedCards.length > 0 ? (
              <Radio.Group label={t('ui.sellerCharges.card')} value={chosenCard} onChange={setCardId}>
                <Stack gap="xs" mt="xs">
                  {savedCards.map((card) => (
                    <Radio
                      key={card.id}
                      value={card.id}
                      label={t('ui.checkout.card', {
                        brand: brandName(card),
                        last4: card.last4,
                        expiry: formatExpiry(card),
                      })}
                    />
                  ))}
                </Stack>
              </Radio.Group>
            ) : null}
            <Checkbox
              label={t('ui.sellerCharges.walletFirst', { balance: formatMoney(balance ?? 0) })}
              checked={walletFirst}
              disabled={!balance}
              onChange={(event) => setWalletFirst(event.currentTarget.checked)}
            />
          </Stack>
        ) : null}
        <DialogFailure message={failure} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('ui.common.cancel')}
          </Button>
          <Button
            onClick={() => void pay()}
            loading={busy}
            disabled={!payable || owed.length === 0}
            data-testid="pay-charges-submit"
          >
            {method === 'offline'
              ? t('ui.sellerCharges.tellMe')
              : t('ui.sellerCharges.payNow', { amount: formatMoney(total) })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
