import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import { browser } from '../../lib/browser.ts';
import { safeReturnPath } from '../../lib/cart.ts';
import { SandboxPage } from '../SandboxPage/SandboxPage.tsx';

export interface SandboxPayPalProps {
  /** PayPal's order id, as the sandbox's approve URL names it. */
  orderId: string;
}

/**
 * The PayPal sandbox's stand-in for PayPal's checkout page (seeds 001 "Payments": the browser comes
 * here in the same tab): the buyer pays with PayPal or cancels, and is sent back where PayPal would
 * send them, the checkout's confirm page, which then calls paypal_response.
 */
export function SandboxPayPal({ orderId }: SandboxPayPalProps) {
  const { t } = useTranslation();
  const answer = useMutation({
    mutationFn: (approve: boolean) => call('sandboxPayPalApprove', { order_id: orderId, approve }),
    onSuccess: ({ redirect_to }) => {
      // Only a path of this site is followed: the page must not be able to send the buyer elsewhere.
      const back = safeReturnPath(redirect_to, window.location.origin);
      if (back) browser.assign(back);
    },
  });
  const sentBack = answer.isSuccess && safeReturnPath(answer.data.redirect_to, window.location.origin);
  return (
    <SandboxPage
      testId="sandbox-paypal"
      title={t('ui.sandboxPayPal.title')}
      intro={t('ui.sandboxPayPal.intro')}
      reference={t('ui.sandboxPayPal.order', { id: orderId })}
      answer={answer}
      yes={t('ui.sandboxPayPal.pay')}
      no={t('ui.sandboxPayPal.cancel')}
      colors={{ no: 'gray' }}
      answered={{ yes: t('ui.sandboxPayPal.approved'), no: t('ui.sandboxPayPal.cancelled') }}
      sendingBack={Boolean(sentBack)}
    />
  );
}
