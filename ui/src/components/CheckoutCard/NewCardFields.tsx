import { Fieldset, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CardFields, type CardForm, useCardForm } from '../PaymentCards/CardDialogs.tsx';

export type NewCardForm = CardForm;

/** The new card's form: the 'Add a card' dialog's own, which the checkout reads when the order is placed. */
export const useNewCardForm = useCardForm;

/**
 * Issue 35 §2 (seeds 001 stripe_payment_element): a new card for this order only, typed in the
 * checkout with the add-card dialog's fields (number, expiry, CVV, name, ZIP). It goes to the card
 * provider from the browser when the order is placed, never to the product, and is kept nowhere.
 */
export function NewCardFields({ form }: { form: NewCardForm }) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={t('ui.checkout.newCardDetails')} variant="filled" data-testid="new-card-fields">
      <Text size="sm" c="dimmed" mb="sm">
        {t('ui.checkout.newCardHint')}
      </Text>
      <Stack gap="xs">
        <CardFields form={form} />
      </Stack>
    </Fieldset>
  );
}
