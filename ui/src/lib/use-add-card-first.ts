import { useNavigate } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';
import { pushAlertAtom } from '../state/alerts.ts';

/**
 * seeds 000 §5: without a card on file the user is told so ('Please add a card to place bid' /
 * 'Please add a card to buy') and sent to account/profile to add one.
 */
export function useAddCardFirst(): (message: string) => void {
  const pushAlert = useSetAtom(pushAlertAtom);
  const navigate = useNavigate();
  return (message) => {
    pushAlert({ msg: message, type: 'error' });
    void navigate({ to: '/account/profile' });
  };
}
