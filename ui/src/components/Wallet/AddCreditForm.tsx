import { Alert, Button, Group, Select, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AddCreditInput, type InputOf } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callForMessage, errorMessage, messageOr, onceKeys } from '../../api/client.ts';
import { cardsQuery, invalidateAction } from '../../api/queries.ts';
import { dollarsToCents } from '../../lib/format.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { AnchorLink } from '../AnchorLink.tsx';
import { brandName, formatExpiry } from '../PaymentCards/cards.ts';

/** seeds 001 §7 credit/addCreditBalance: wallet credit bought with a saved card, in dollars typed, cents sent. */
export function AddCreditForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  const cards = useQuery(cardsQuery());
  const [amount, setAmount] = useState('');
  const [chosenCard, setChosenCard] = useState<string | null>(null);
  const [amountError, setAmountError] = useState<string | null>(null);
  const list = cards.data?.data ?? [];
  const cardId = chosenCard ?? list.find((card) => card.is_default)?.id ?? list[0]?.id ?? null;
  // 'Add' pressed again after the network failed is the same purchase: the card is charged once.
  const [keys] = useState(() => onceKeys());
  const adding = useMutation({
    mutationFn: (input: InputOf<'addCreditBalance'>) =>
      callForMessage('addCreditBalance', input, { commandId: keys.keyFor(input) }),
    onSettled: (_result, error) => keys.settled(error),
    onSuccess: ({ message }) => {
      pushAlert({ msg: messageOr(message, t('checkout.creditAdded')), type: 'success' });
      setAmount('');
      void invalidateAction(queryClient, 'getCreditHistory');
      void invalidateAction(queryClient, 'alltransactions');
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = dollarsToCents(amount);
    if (cents === null) return setAmountError(t('ui.wallet.notAmount'));
    const checked = AddCreditInput.safeParse({ amount: cents, card_id: cardId ?? '' });
    if (!checked.success) return setAmountError(checked.error.issues[0]?.message ?? t('ui.wallet.notAmount'));
    setAmountError(null);
    adding.mutate(checked.data);
  };

  if (cards.data && list.length === 0) {
    return (
      <AnchorLink to="/account/profile" size="sm" data-testid="credit-no-cards">
        {t('ui.wallet.noCards')}
      </AnchorLink>
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-labelledby="add-credit-title" data-testid="add-credit">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label={t('ui.wallet.dollars')}
          inputMode="decimal"
          leftSection="$"
          required
          value={amount}
          onChange={(event) => {
            setAmount(event.currentTarget.value);
            setAmountError(null);
          }}
          error={amountError}
          w={{ base: '100%', xs: 200 }}
        />
        <Select
          label={t('ui.wallet.card')}
          required
          data={list.map((card) => ({
            value: card.id,
            label: t('ui.checkout.card', {
              brand: brandName(card),
              last4: card.last4,
              expiry: formatExpiry(card),
            }),
          }))}
          value={cardId}
          onChange={setChosenCard}
          allowDeselect={false}
          w={{ base: '100%', xs: 320 }}
        />
        <Button type="submit" mt={{ base: 0, xs: 25 }} loading={adding.isPending}>
          {t('ui.wallet.add')}
        </Button>
      </Group>
      {adding.isError ? (
        <Alert color="red" mt="sm" role="alert">
          {errorMessage(adding.error)}
        </Alert>
      ) : null}
    </form>
  );
}
