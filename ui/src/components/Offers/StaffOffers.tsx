import { Alert, Button, Card, Container, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type OfferView, t as shared } from '@wine/contracts';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callForMessage, messageOr } from '../../api/client.ts';
import { mayCall } from '../../lib/may-call.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { useServerNow } from '../../state/clock.ts';
import { currentUserAtom } from '../../state/session.ts';
import { AcceptOfferButton } from './AcceptOfferButton.tsx';
import { CounterOfferDialog, type CounterTerms } from './CounterOfferDialog.tsx';
import { DeclineOfferDialog, type StaffAnswer } from './DeclineOfferDialog.tsx';
import { OFFERS_PAGE_SIZE, OfferList, type OfferListView } from './OfferList.tsx';
import { isLive } from './offer-labels.ts';
import { invalidateOffers, staffOffersQuery } from './offer-queries.ts';
import { useOfferChanges } from './use-offer-changes.ts';

/** Whose offers: a seller's on their own lots (/seller/offer), or every lot's (/admin/offers). */
export type OfferScope = 'seller' | 'admin';

/** Each scope's list action (which also says the role the screen asks for) and its texts. */
const scopes = {
  seller: {
    action: 'sellerOffers',
    title: 'ui.offers.sellerTitle',
    intro: 'ui.offers.sellerIntro',
    refused: 'ui.offers.sellersOnly',
  },
  admin: {
    action: 'adminOffers',
    title: 'ui.offers.adminTitle',
    intro: 'ui.offers.adminIntro',
    refused: 'ui.offers.adminsOnly',
  },
} as const;

export interface StaffOffersProps {
  scope: OfferScope;
  view: OfferListView;
  onChange: (view: OfferListView) => void;
}

type Dialog = { offer: OfferView; step: 'decline' | 'counter' } | null;

/** The seller's side answers (seller changeOfferStatus): accept, decline with a reason, or counter. */
function useStaffAnswers() {
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  const answer = async (input: StaffAnswer, fallback: string) => {
    const { message } = await callForMessage('changeOfferStatus', input);
    pushAlert({ msg: messageOr(message, fallback), type: 'success' });
    await invalidateOffers(queryClient);
  };
  const refOf = (offer: OfferView) => ({ product_id: offer.product_id, offer_id: offer.id, note: '' });
  return {
    accept: (offer: OfferView) => answer({ ...refOf(offer), status: 'accept' }, shared('offers.accepted')),
    decline: (input: StaffAnswer) => answer(input, shared('offers.declined')),
    counter: (offer: OfferView, terms: CounterTerms) =>
      answer({ ...refOf(offer), status: 'counter', ...terms }, shared('offers.countered')),
  };
}

type Answers = ReturnType<typeof useStaffAnswers>;

/** Accept, Decline and Counter on an offer waiting for the seller's side; nothing otherwise. */
function StaffActions({
  offer,
  answers,
  onDialog,
}: {
  offer: OfferView;
  answers: Answers;
  onDialog: (dialog: Dialog) => void;
}) {
  const { t } = useTranslation();
  const now = useServerNow();
  if (!isLive(offer, now) || offer.turn !== 'seller') return null;
  const title = offer.title;
  return (
    <>
      <AcceptOfferButton offer={offer} body="ui.offers.acceptStaff" onAccept={() => answers.accept(offer)} />
      <Button
        size="xs"
        color="red"
        variant="light"
        aria-label={t('ui.offers.declineTitle', { title })}
        data-testid="offer-decline"
        onClick={() => onDialog({ offer, step: 'decline' })}
      >
        {t('ui.offers.decline')}
      </Button>
      {offer.counters < offer.max_counters ? (
        <Button
          size="xs"
          variant="default"
          aria-label={t('ui.offers.counterTitle', { title })}
          data-testid="offer-counter"
          onClick={() => onDialog({ offer, step: 'counter' })}
        >
          {t('ui.offers.counter')}
        </Button>
      ) : null}
    </>
  );
}

function StaffOfferList({ scope, view, onChange }: StaffOffersProps) {
  const { t } = useTranslation();
  useOfferChanges();
  const answers = useStaffAnswers();
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = useQuery({
    ...staffOffersQuery(scope, { status: view.status, page: view.page, limit: OFFERS_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  return (
    <Card component="section" aria-label={t(scopes[scope].title)}>
      <OfferList
        view={view}
        onChange={onChange}
        query={list}
        perspective="staff"
        actionsOf={(offer) => <StaffActions offer={offer} answers={answers} onDialog={setDialog} />}
        empty={t('ui.offers.empty')}
      />
      {dialog?.step === 'decline' ? (
        <DeclineOfferDialog offer={dialog.offer} onClose={() => setDialog(null)} onSubmit={answers.decline} />
      ) : dialog?.step === 'counter' ? (
        <CounterOfferDialog
          offer={dialog.offer}
          onClose={() => setDialog(null)}
          onSubmit={(terms) => answers.counter(dialog.offer, terms)}
        />
      ) : null}
    </Card>
  );
}

/**
 * /seller/offer and /admin/offers (issue 36): the offers waiting for the seller's side first, each
 * accepted, declined with a reason or countered. The screen asks for its list action's role (a
 * seller, an admin); anyone else is told so up front (the server refuses them anyway).
 */
export function StaffOffers(props: StaffOffersProps) {
  const { t } = useTranslation();
  const user = useAtomValue(currentUserAtom);
  const scope = scopes[props.scope];
  return (
    <Container py="xl">
      <Title order={1} mb={4}>
        {t(scope.title)}
      </Title>
      <Text c="dimmed" mb="lg">
        {t(scope.intro)}
      </Text>
      {user && mayCall(user, scope.action) ? (
        <StaffOfferList {...props} />
      ) : (
        <Alert color="gray" data-testid="staff-only">
          {t(scope.refused)}
        </Alert>
      )}
    </Container>
  );
}
