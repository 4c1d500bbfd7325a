import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type LotView, MakeOfferInput, remainingStock, t as shared } from '@wine/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError, callForMessage, errorMessage, messageOr } from '../../api/client.ts';
import { formatMoney } from '../../lib/format.ts';
import { contractResolver, showServerFieldErrors } from '../../lib/forms.ts';
import { useAddCardFirst } from '../../lib/use-add-card-first.ts';
import { ButtonLink } from '../ButtonLink.tsx';
import { DialogFailure } from '../FormDialog/FormDialog.tsx';
import { OfferTermsFields } from './OfferTermsFields.tsx';
import { type TermsValues, termsOf } from './offer-form.ts';
import { invalidateOffers } from './offer-queries.ts';

export interface MakeOfferDialogProps {
  lot: LotView;
  onClose: () => void;
}

/** The bottles the buyer may ask for: what the lot has left. */
const availableOf = (lot: LotView) => remainingStock(lot.qty, lot.sold);

/**
 * Issue 36: the offer's dialog: the asking price, the price a bottle in dollars (sent in cents) and
 * the bottles, checked by the offer's contract; nothing is charged until it is accepted, and it
 * expires in 48 hours. Once sent it says the server's answer and links to the buyer's offers.
 */
export function MakeOfferDialog({ lot, onClose }: MakeOfferDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const addCardFirst = useAddCardFirst();
  const available = availableOf(lot);
  const [failure, setFailure] = useState<string | null>(null);
  const [answer, setAnswer] = useState<string | null>(null);
  const form = useForm<TermsValues, unknown, MakeOfferInput>({
    // An auction lot is offered for as a whole; a fixed-price lot a bottle at a time.
    defaultValues: { price: '', qty: String(lot.auction === 1 ? available : 1) },
    resolver: contractResolver(MakeOfferInput, (values: TermsValues) => ({
      product_id: lot.id,
      ...termsOf(values),
    })),
  });
  const {
    register,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const typed = termsOf({ price: watch('price'), qty: watch('qty') });
  const total =
    Number.isSafeInteger(typed.price) && typed.price > 0 && Number.isSafeInteger(typed.qty) && typed.qty > 0
      ? typed.price * typed.qty
      : null;

  const send = async (input: MakeOfferInput) => {
    setFailure(null);
    // More than the lot has left: said as the server would say it, without asking it.
    if (input.qty > available) {
      form.setError('qty', {
        type: 'max',
        message: shared('errors.OFFER_QUANTITY', { available: String(available) }),
      });
      return;
    }
    try {
      const { message } = await callForMessage('makeOffer', input);
      setAnswer(messageOr(message, shared('offers.made')));
      void invalidateOffers(queryClient);
    } catch (error) {
      // No card on file: told the server's message and sent to add one.
      if (error instanceof ApiError && error.code === 'ADD_CARD') return addCardFirst(error.message);
      if (!showServerFieldErrors<TermsValues>(error, ['price', 'qty'], form.setError)) {
        setFailure(errorMessage(error));
      }
    }
  };

  const title = t('ui.offerBox.dialogTitle', { title: lot.title });
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('ui.common.close') }}
    >
      {answer ? (
        <Stack gap="md" data-testid="offer-sent">
          <Alert color="green" role="status" data-testid="offer-answer">
            {answer}
          </Alert>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('ui.offerBox.close')}
            </Button>
            <ButtonLink to="/offers" data-testid="see-offers">
              {t('ui.offerBox.seeOffers')}
            </ButtonLink>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={(event) => void form.handleSubmit(send)(event)} noValidate aria-label={title}>
          <Stack gap="md">
            <Text size="sm" data-testid="offer-asking">
              {lot.bprice !== null
                ? t('ui.offerBox.asking', { price: formatMoney(lot.bprice) })
                : t('ui.offerBox.noAsking')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('ui.offerBox.available', { n: available })}
            </Text>
            <OfferTermsFields
              register={register}
              errors={errors}
              testIds={{ price: 'offer-price', qty: 'offer-qty' }}
            />
            {total !== null ? (
              <Text fw={600} data-testid="offer-total">
                {t('ui.offerBox.total', { total: formatMoney(total) })}
              </Text>
            ) : null}
            <Text size="sm" c="dimmed">
              {t('ui.offerBox.noCharge')} {t('ui.offerBox.expires')}
            </Text>
            <DialogFailure message={failure} />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={onClose}>
                {t('ui.common.cancel')}
              </Button>
              <Button type="submit" loading={isSubmitting} data-testid="send-offer">
                {t('ui.offerBox.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
