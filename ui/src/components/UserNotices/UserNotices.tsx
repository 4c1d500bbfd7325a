import { bidMessages } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { pushAlertAtom } from '../../state/alerts.ts';
import { useSocketSession, useUserMessages } from '../../state/realtime.ts';

/**
 * The signed-in user's own news from the socket, on any page (DOMAIN.md: the outbid message once,
 * after the bid is committed; never about one's own bid): outbid, won, lost.
 */
export function UserNotices() {
  useSocketSession();
  const pushAlert = useSetAtom(pushAlertAtom);
  useUserMessages((message) => {
    if (message.type === 'watchlistAdded') return;
    const title = message.lot.title;
    if (message.type === 'bidAddtime' && message.outbid) {
      pushAlert({ msg: `${title}: ${bidMessages.outbid}`, type: 'warning' });
    } else if (message.type === 'realclosedupdates' && message.status?.bidtopstatus === 'won') {
      pushAlert({ msg: `${title}: ${bidMessages.won}`, type: 'success' });
    } else if (message.type === 'realclosedupdates' && message.status?.bidtopstatus === 'lost') {
      pushAlert({ msg: `${title}: ${bidMessages.lost}`, type: 'info' });
    }
  });
  return null;
}
