import { Alert, Button, Container, Group, Paper, Stack, Title } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { accountMessages } from '@wine/contracts';
import { useTranslation } from 'react-i18next';
import { ApiError, callForMessage, errorMessage, messageOr } from '../api/client.ts';
import { pageTitle, useDocumentMeta } from '../lib/use-document-meta.ts';
import { reloadUserAtom } from '../state/session.ts';
import classes from './-account.module.css';

type Outcome = { ok: true; message: string } | { ok: false; message: string };

export const Route = createFileRoute('/verify_email/$token')({
  // The link is spent by its first use: verify once per visit, never again on a re-render or a preload.
  loader: async ({ params, context: { store } }): Promise<Outcome> => {
    try {
      const { message } = await callForMessage('verifyEmail', { token: params.token });
      // A signed-in user's record now says verified: load it again.
      void store.set(reloadUserAtom);
      return { ok: true, message: messageOr(message, accountMessages.emailVerified) };
    } catch (error) {
      // A bad, used or expired token says 'Invalid or expired link'; a failure to reach us says so.
      const unreachable =
        !(error instanceof ApiError) || error.responseType === 0 || error.responseType >= 500;
      return { ok: false, message: unreachable ? errorMessage(error) : accountMessages.linkInvalid };
    }
  },
  staleTime: Number.POSITIVE_INFINITY,
  shouldReload: false,
  component: VerifyEmailPage,
});

function VerifyEmailPage() {
  const outcome = Route.useLoaderData();
  const { t } = useTranslation();
  useDocumentMeta({ title: pageTitle(t('ui.verifyEmail.title')) });
  return (
    <Container py="xl">
      <Paper withBorder p="xl" className={classes.page}>
        <Stack gap="md">
          <Title order={1} fz={32}>
            {t('ui.verifyEmail.title')}
          </Title>
          <Alert
            color={outcome.ok ? 'green' : 'red'}
            role={outcome.ok ? 'status' : 'alert'}
            data-testid="verify-email-result"
          >
            {outcome.message}
          </Alert>
          <Group>
            <Button component={Link} to="/">
              {t('ui.common.goHome')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
