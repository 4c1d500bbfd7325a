import { Alert, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { accountMessages, type ExtraField, type RegisterResult } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { Trans, useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError, call } from '../api/client.ts';
import { AnchorLink } from '../components/AnchorLink.tsx';
import { LoadError } from '../components/LoadError/LoadError.tsx';
import {
  loadExtraFields,
  RegistrationForm,
  type RegistrationInvite,
} from '../components/RegistrationForm/RegistrationForm.tsx';
import { company } from '../config/company.ts';
import { searchText } from '../lib/search-param.ts';
import { pageTitle, useDocumentMeta } from '../lib/use-document-meta.ts';
import { pushAlertAtom } from '../state/alerts.ts';
import { signInAtom } from '../state/session.ts';
import classes from './-account.module.css';

const inviteSearchSchema = z.object({ token: searchText({ min: 1, max: 2000 }) });

type Outcome = { ok: true; invite: RegistrationInvite; extraFields: ExtraField[] } | { ok: false };

/** The invitation's details; null when the server refuses the token (invalid, used or expired). */
async function inviteDetails(token: string): Promise<RegistrationInvite | null> {
  try {
    return { token, details: await call('getInviteDetails', { token }) };
  } catch (error) {
    // The server is down or failed: not the link's fault, so the page offers a retry instead.
    if (error instanceof ApiError && error.responseType > 0 && error.responseType < 500) return null;
    throw error;
  }
}

/**
 * /invite?token= (seeds 001 §2 "Invitation"): an admin invited an address; the e-mailed link opens
 * the registration form prefilled with the invited names and address. Registering with the token
 * verifies the address at once.
 */
export const Route = createFileRoute('/invite')({
  validateSearch: inviteSearchSchema,
  loaderDeps: ({ search }) => ({ token: search.token }),
  loader: async ({ deps }): Promise<Outcome> => {
    if (!deps.token) return { ok: false };
    const [invite, extraFields] = await Promise.all([inviteDetails(deps.token), loadExtraFields()]);
    return invite ? { ok: true, invite, extraFields } : { ok: false };
  },
  errorComponent: ({ error }) => <LoadError error={error} />,
  component: InvitePage,
});

function InvitePage() {
  const outcome = Route.useLoaderData();
  const navigate = useNavigate();
  const signIn = useSetAtom(signInAtom);
  const pushAlert = useSetAtom(pushAlertAtom);
  const { t } = useTranslation();
  useDocumentMeta({ title: pageTitle(t('ui.invite.pageTitle')) });

  const registered = (result: RegisterResult) => {
    // The address already had an account (it registered since the invitation): sign in as usual.
    if (!result.session) {
      pushAlert({ msg: accountMessages.registrationSent, type: 'success' });
      void navigate({ to: '/login', replace: true });
      return;
    }
    // As after a registration (signed in for this tab), but the invited address is already verified:
    // no verification dialog.
    signIn(result.session, { remember: false, registered: true });
    pushAlert({ msg: t('ui.invite.welcome', { shop: company.name }), type: 'success' });
    void navigate({ to: '/', replace: true });
  };

  return (
    <Container py="xl">
      <Paper withBorder p="xl" className={outcome.ok ? classes.wide : classes.page}>
        {outcome.ok ? (
          <RegistrationForm
            title={t('ui.invite.invitedTitle', { name: outcome.invite.details.first_name })}
            extraFields={outcome.extraFields}
            invite={outcome.invite}
            onRegistered={registered}
          />
        ) : (
          <Stack gap="md">
            <Title order={1} fz={32}>
              {t('ui.invite.title')}
            </Title>
            <Alert color="red" role="alert" data-testid="invite-invalid">
              {t('ui.invite.invalid')}
            </Alert>
            <Text>
              <Trans
                i18nKey="ui.invite.youCanStill"
                components={{ register: <AnchorLink to="/registration" /> }}
              />
            </Text>
          </Stack>
        )}
      </Paper>
    </Container>
  );
}
