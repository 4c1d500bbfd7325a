import { Button, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InputOf } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { callForMessage, errorMessage, messageOr } from '../../api/client.ts';
import { invalidateAction, invalidateCarts } from '../../api/queries.ts';
import { pushAlertAtom } from '../../state/alerts.ts';

/**
 * seeds 001 §7 cart/updateCheckout (issue 38 §2): on an auction (or accepted offers') checkout, the
 * delivery chosen is written on the invoices without paying them, to pay later (offline, another day):
 * their shipping, tax and total as they will be paid. `input` is the priced choice, null while
 * incomplete.
 */
export function SaveDeliveryChoice({ input }: { input: InputOf<'saveAddress'> | null }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  const save = useMutation({
    mutationFn: (choice: InputOf<'updateCheckout'>) => callForMessage('updateCheckout', choice),
    onSuccess: ({ message }) => {
      pushAlert({ msg: messageOr(message, t('orders.checkoutSaved')), type: 'success' });
      void invalidateCarts(queryClient);
      void invalidateAction(queryClient, 'invoice');
    },
    onError: (error) => pushAlert({ msg: errorMessage(error), type: 'error' }),
  });
  if (!input || input.type === 'buynow') return null;
  const choice = { ...input, type: input.type };
  return (
    <>
      <Button
        variant="default"
        fullWidth
        onClick={() => save.mutate(choice)}
        loading={save.isPending}
        data-testid="save-delivery"
      >
        {t('ui.orders.saveDelivery')}
      </Button>
      <Text size="xs" c="dimmed">
        {t('ui.orders.saveDeliveryHint')}
      </Text>
    </>
  );
}
