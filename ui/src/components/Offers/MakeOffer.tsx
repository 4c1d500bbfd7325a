import { Button, Card, Text } from '@mantine/core';
import { bidMessages, type LotView } from '@wine/contracts';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddCardFirst } from '../../lib/use-add-card-first.ts';
import { useServerNow } from '../../state/clock.ts';
import { currentUserAtom } from '../../state/session.ts';
import { takesOffers } from './offer-form.ts';

/** The dialog (its form and the offer's contract) loads when it is first opened, not with the lot page. */
const MakeOfferDialog = lazy(() =>
  import('./MakeOfferDialog.tsx').then((module) => ({ default: module.MakeOfferDialog })),
);

/**
 * Issue 36: "Make an offer" on a lot that takes offers (a fixed-price lot, or an auction lot closed
 * unsold). Visitors sign in first; a buyer without a card on file is sent to add one, as buy now does.
 */
export function MakeOffer({ lot }: { lot: LotView }) {
  const { t } = useTranslation();
  const now = useServerNow();
  const user = useAtomValue(currentUserAtom);
  const addCardFirst = useAddCardFirst();
  const [opened, setOpened] = useState(false);
  if (!takesOffers(lot, now)) return null;
  const open = () => {
    if (!user?.card_on_file) return addCardFirst(bidMessages.addCardToBuy);
    setOpened(true);
  };
  return (
    <Card data-testid="offer-box">
      <Text size="sm" c="dimmed">
        {t('ui.offerBox.hint')}
      </Text>
      {user ? (
        <Button mt="sm" variant="light" fullWidth onClick={open} data-testid="make-offer">
          {t('ui.offerBox.makeOffer')}
        </Button>
      ) : (
        <Button
          component="a"
          href={`/login?pid=${encodeURIComponent(lot.id)}`}
          mt="sm"
          variant="outline"
          fullWidth
          data-testid="login-to-offer"
        >
          {t('ui.offerBox.loginToOffer')}
        </Button>
      )}
      {opened ? (
        <Suspense fallback={null}>
          <MakeOfferDialog lot={lot} onClose={() => setOpened(false)} />
        </Suspense>
      ) : null}
    </Card>
  );
}
