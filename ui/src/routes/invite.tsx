import { Alert, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { accountMessages, type RegisterResult } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { Trans, useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { invitationQuery, registrationFieldsQuery } from '../api/queries.ts';
import { AnchorLink } from '../components/AnchorLink.tsx';
import { LoadError } from '../components/LoadError/LoadError.tsx';
import { RegistrationForm } from '../components/RegistrationForm/RegistrationForm.tsx';
import { company } from '../config/company.ts';
import { lazySearch, searchText } from '../lib/search-param.ts';
import { pageTitle, useDocumentMeta } from '../lib/use-document-meta.ts';
import { pushAlertAtom } from '../state/alerts.ts';
import { signInAtom } from '../state/session.ts';
import classes from './-account.module.css';

const inviteSearchSchema = lazySearch(() => z.object({ token: searchText({ min: 1, max: 2000 }) }));

/**
 * /invite?token= (seeds 001 §2 "Invitation"): an admin invited an address; the e-mailed link opens
 * the registration form prefilled with the invited names and address. Registering with the token
 * verifies the address at once.
 */
export const Route = createFileRoute('/invite')({
  validateSearch: inviteSearchSchema,
  search: { middlewares: inviteSearchSchema.middlewares },
  loaderDeps: ({ search }) => ({ token: search.token }),
  loader: async ({ deps, context: { queryClient } }) => {
    if (!deps.token) return;
    await Promise.all([
      queryClient.ensureQueryData(invitationQuery(deps.token)),
      queryClient.ensureQueryData(registrationFieldsQuery()),
    ]);
  },
  errorComponent: ({ error }) => <LoadError error={error} />,
  component: InvitePage,
});

function InvitePage() {
  const { token } = Route.useSearch();
  const { t } = useTranslation();
  useDocumentMeta({ title: pageTitle(t('ui.invite.pageTitle')) });
  // Without a token there is nothing to ask: the link is not valid.
  return <Container py="xl">{token ? <Invitation token={token} /> : <InvalidInvitation />}</Container>;
}

function Invitation({ token }: { token: string }) {
  const { data: details } = useSuspenseQuery(invitationQuery(token));
  const { data: extraFields } = useSuspenseQuery(registrationFieldsQuery());
  const navigate = useNavigate();
  const signIn = useSetAtom(signInAtom);
  const pushAlert = useSetAtom(pushAlertAtom);
  const { t } = useTranslation();

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

  if (!details) return <InvalidInvitation />;
  return (
    <Paper withBorder p="xl" className={classes.wide}>
      <RegistrationForm
        title={t('ui.invite.invitedTitle', { name: details.first_name })}
        extraFields={extraFields}
        invite={{ token, details }}
        onRegistered={registered}
      />
    </Paper>
  );
}

/** The server refused the token (invalid, used or expired), or the link had none. */
function InvalidInvitation() {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="xl" className={classes.page}>
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
    </Paper>
  );
}
