import { Button } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callForMessage, messageOr } from '../../api/client.ts';
import { invalidateAction } from '../../api/queries.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { currentUserAtom } from '../../state/session.ts';
import { followersQuery } from './followers.ts';

/** The dialog (its star rating) loads when it is first opened, not with the lot page (issue 11). */
const FollowProducerDialog = lazy(() =>
  import('./FollowProducerDialog.tsx').then((module) => ({ default: module.FollowProducerDialog })),
);

export interface FollowProducerProps {
  /** The producer as the lot names it (custitem_gvo_producer). */
  producer: string;
  /** The product the visitor returns to after signing in. */
  lotId: string;
}

/**
 * seeds 000 §2.7: "Follow producer" on the product page opens the follow dialog; a followed producer
 * shows its rating, and the dialog changes it. Visitors sign in first.
 */
export function FollowProducer({ producer, lotId }: FollowProducerProps) {
  const { t } = useTranslation();
  const user = useAtomValue(currentUserAtom);
  const pushAlert = useSetAtom(pushAlertAtom);
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const followers = useQuery({ ...followersQuery(), enabled: user !== null });
  const current = followers.data?.records.find((f) => f.follows === producer);
  if (!user) {
    return (
      <Button component="a" href={`/login?pid=${encodeURIComponent(lotId)}`} variant="subtle" px={0}>
        {t('ui.producers.follow')}
      </Button>
    );
  }
  const follow = async (rating: number) => {
    const { message } = await callForMessage('addFollower', { follows: producer, rating });
    pushAlert({ msg: messageOr(message, t('ui.producers.follow')), type: 'success' });
    void invalidateAction(queryClient, 'getFollowers');
    void invalidateAction(queryClient, 'myProducers');
  };
  return (
    <>
      <Button variant="subtle" px={0} onClick={() => setOpened(true)} data-testid="follow-producer">
        {current ? t('ui.producers.following', { rating: current.rating }) : t('ui.producers.follow')}
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <FollowProducerDialog
            producer={producer}
            {...(current && { initialRating: current.rating })}
            onClose={() => setOpened(false)}
            onSubmit={follow}
          />
        </Suspense>
      ) : null}
    </>
  );
}
