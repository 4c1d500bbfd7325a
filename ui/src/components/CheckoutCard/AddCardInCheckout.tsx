import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type CardRecord, cardMessages } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, onceKeys } from '../../api/client.ts';
import { cardsQuery } from '../../api/queries.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { reloadUserAtom } from '../../state/session.ts';
import { AddCardDialog, type AddCardValues } from '../PaymentCards/CardDialogs.tsx';

/**
 * Issue 31: a card added without leaving the checkout: the wallet page's own 'Add a card' dialog
 * (same fields, same checks, same action), after which the cards on file are the server's new list
 * and the new card is the one chosen to pay with.
 */
export function AddCardInCheckout({ onAdded }: { onAdded: (card: CardRecord) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  const reloadUser = useSetAtom(reloadUserAtom);
  // The same card sent again after no answer carries the same key: the server adds it once.
  const [keys] = useState(() => onceKeys());

  const add = async (input: AddCardValues) => {
    const before = new Set((queryClient.getQueryData(cardsQuery().queryKey)?.data ?? []).map((c) => c.id));
    let list: Awaited<ReturnType<typeof call<'addCard'>>>;
    try {
      list = await call('addCard', input, { commandId: keys.keyFor(input) });
      keys.settled(null);
    } catch (error) {
      keys.settled(error);
      throw error;
    }
    queryClient.setQueryData(cardsQuery().queryKey, list);
    // A card on file is what lets the buyer pay (seeds 000 §5): the session's user says so too.
    void reloadUser();
    const added = list.data.find((card) => !before.has(card.id)) ?? list.data.find((card) => card.is_default);
    if (added) onAdded(added);
    pushAlert({ msg: cardMessages.added, type: 'success' });
    setOpen(false);
  };

  return (
    <>
      <Button
        variant="light"
        size="compact-sm"
        w="fit-content"
        onClick={() => setOpen(true)}
        data-testid="checkout-add-card"
      >
        {t('ui.invoiceUx.addCard')}
      </Button>
      {open ? <AddCardDialog onClose={() => setOpen(false)} onSubmit={add} /> : null}
    </>
  );
}
