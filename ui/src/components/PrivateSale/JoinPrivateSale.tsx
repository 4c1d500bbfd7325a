import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { InviteTokenInput, t as shared } from '@wine/contracts';
import { useAtomValue, useSetAtom } from 'jotai';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, callForMessage, errorMessage, messageOr } from '../../api/client.ts';
import { invalidateAction } from '../../api/queries.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { sessionAtom } from '../../state/session.ts';
import { ButtonLink } from '../ButtonLink.tsx';

/**
 * Issue 36 §5: the link mailed to an address without an account (/private-sale?token=). A visitor is
 * told to sign in or register, and comes back here after; a signed-in buyer joins with a button, never
 * on load (a mail client's or a chat's link preview would use the one-use link up), and is taken to
 * the lot.
 */
export function JoinPrivateSale({ token }: { token: string | undefined }) {
  const { t } = useTranslation();
  const session = useAtomValue(sessionAtom);
  const valid = token !== undefined && InviteTokenInput.safeParse({ token }).success;
  return (
    <Paper withBorder p={{ base: 'md', xs: 'xl' }} maw="30rem" mx="auto">
      <Stack gap="md">
        <Title order={1} fz={{ base: 26, xs: 32 }}>
          {t('ui.privateSale.title')}
        </Title>
        {!valid ? (
          <Alert color="red" role="alert" data-testid="private-sale-no-token">
            {t('ui.privateSale.noToken')}
          </Alert>
        ) : session.status === 'anonymous' ? (
          <SignInFirst />
        ) : session.status === 'validating' ? (
          <Center py="md">
            <Loader aria-label={t('ui.privateSale.loadingAccount')} />
          </Center>
        ) : (
          <JoinButton token={token} />
        )}
      </Stack>
    </Paper>
  );
}

/** Signed out: sign in or register, then back to this link (its token in the referer). */
function SignInFirst() {
  const { t } = useTranslation();
  const location = useLocation();
  const back = { referer: location.href };
  return (
    <>
      <Text data-testid="private-sale-sign-in">{t('ui.privateSale.signInFirst')}</Text>
      <Group gap="sm" grow>
        <ButtonLink to="/login" search={back} data-testid="private-sale-login">
          {t('ui.privateSale.signIn')}
        </ButtonLink>
        <ButtonLink to="/registration" search={back} variant="default" data-testid="private-sale-register">
          {t('ui.privateSale.register')}
        </ButtonLink>
      </Group>
    </>
  );
}

/** Signed in: joins once, on the button, and opens the lot; a used or expired link is told so. */
function JoinButton({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  // A second click while the first is on its way sends nothing: the link works once.
  const joining = useRef(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; final: boolean } | null>(null);

  const join = async () => {
    if (joining.current) return;
    joining.current = true;
    setBusy(true);
    setFailure(null);
    try {
      const { message, responseData } = await callForMessage('joinPrivateSale', { token });
      pushAlert({ msg: messageOr(message, shared('offers.joined')), type: 'success' });
      // The lot was unknown to this buyer until now: a copy cached as not found must not show.
      await invalidateAction(queryClient, 'productLot', { id: responseData.product_id });
      await navigate({ to: '/productview/$pid', params: { pid: responseData.product_id } });
    } catch (error) {
      const used = error instanceof ApiError && error.code === 'PRIVATE_SALE_LINK_USED';
      setFailure({
        message: used ? shared('errors.PRIVATE_SALE_LINK_USED') : errorMessage(error),
        final: used,
      });
      // Anything but a used link (the network, a session that ended) may be tried again.
      joining.current = used;
      setBusy(false);
    }
  };

  return (
    <>
      <Text>{t('ui.privateSale.intro')}</Text>
      {failure ? (
        <Alert color="red" role="alert" data-testid="private-sale-failure">
          {failure.message}
        </Alert>
      ) : null}
      {failure?.final ? null : (
        <Button onClick={() => void join()} loading={busy} fullWidth data-testid="private-sale-open">
          {failure ? t('ui.privateSale.tryAgain') : t('ui.privateSale.open')}
        </Button>
      )}
    </>
  );
}
