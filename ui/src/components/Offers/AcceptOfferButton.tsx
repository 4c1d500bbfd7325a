import { Button, Text } from '@mantine/core';
import type { OfferView } from '@wine/contracts';
import { Trans, useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format.ts';
import { confirmDialog } from '../ConfirmDialog/confirm-dialog.tsx';

/**
 * Accept, after a confirmation that names the terms (the buyer's or the seller's words): what both the
 * buyer's and the staff's offer lists show on an offer waiting for their side.
 */
export function AcceptOfferButton({
  offer,
  body,
  onAccept,
}: {
  offer: OfferView;
  body: 'ui.offers.acceptBuyer' | 'ui.offers.acceptStaff';
  onAccept: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const { title } = offer;
  const terms = {
    qty: offer.qty,
    title,
    price: formatMoney(offer.price),
    total: formatMoney(offer.price * offer.qty),
  };
  return (
    <Button
      size="xs"
      aria-label={t('ui.offers.acceptTitle', { title })}
      data-testid="offer-accept"
      onClick={() =>
        confirmDialog({
          title: t('ui.offers.acceptTitle', { title }),
          confirmLabel: t('ui.offers.accept'),
          confirmTestId: 'confirm-accept',
          children: (
            <Text size="sm">
              <Trans i18nKey={body} values={terms} components={{ strong: <strong /> }} />
            </Text>
          ),
          onConfirm: onAccept,
        })
      }
    >
      {t('ui.offers.accept')}
    </Button>
  );
}
