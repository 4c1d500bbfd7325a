import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import { browser } from '../../lib/browser.ts';
import { safeReturnPath } from '../../lib/cart.ts';
import { SandboxPage } from '../SandboxPage/SandboxPage.tsx';

export interface SandboxIssuerProps {
  chargeId: string;
  /** Where the issuer sends the buyer back (the `return` search param); only a path of this site is followed. */
  returnTo: string | undefined;
}

/**
 * The sandbox card provider's stand-in for a card issuer's authentication page (3-D Secure in test
 * mode): the buyer approves or fails the payment, then goes back to the shop.
 */
export function SandboxIssuer({ chargeId, returnTo }: SandboxIssuerProps) {
  const { t } = useTranslation();
  const back = safeReturnPath(returnTo, window.location.origin);
  const answer = useMutation({
    mutationFn: (approve: boolean) => call('sandboxAuthenticate', { charge_id: chargeId, approve }),
    onSuccess: () => {
      // Never an absolute URL: a link to this page must not be able to send the buyer elsewhere.
      if (back) browser.assign(back);
    },
  });
  return (
    <SandboxPage
      testId="sandbox-issuer"
      title={t('ui.sandbox.title')}
      intro={t('ui.sandbox.intro')}
      reference={t('ui.sandbox.charge', { id: chargeId })}
      answer={answer}
      yes={t('ui.sandbox.approve')}
      no={t('ui.sandbox.fail')}
      colors={{ yes: 'green', no: 'red' }}
      answered={{ yes: t('ui.sandbox.approved'), no: t('ui.sandbox.failed') }}
      sendingBack={Boolean(back)}
    />
  );
}
