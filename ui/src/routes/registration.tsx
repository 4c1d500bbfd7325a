import { Container, Paper } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { accountMessages, type LoginResult, type RegisterResult } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registrationFieldsQuery } from '../api/queries.ts';
import { RegistrationForm } from '../components/RegistrationForm/RegistrationForm.tsx';
import { SignupSkeleton } from '../components/Skeletons/Skeletons.tsx';
import { VerifyCodeDialog } from '../components/VerifyCodeDialog/VerifyCodeDialog.tsx';
import { afterLoginParams, afterLoginSearchSchema, afterLoginTarget } from '../lib/after-login.ts';
import { pageTitle, useDocumentMeta } from '../lib/use-document-meta.ts';
import { pushAlertAtom } from '../state/alerts.ts';
import { signInAtom } from '../state/session.ts';
import classes from './-account.module.css';

export const Route = createFileRoute('/registration')({
  validateSearch: afterLoginSearchSchema,
  search: { middlewares: afterLoginSearchSchema.middlewares },
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(registrationFieldsQuery()),
  component: RegistrationPage,
  // seeds 001 §2 'signup' skeleton while the merchant's extra questions load.
  pendingComponent: () => (
    <Container py="xl" size="md">
      <SignupSkeleton />
    </Container>
  ),
});

function RegistrationPage() {
  const search = Route.useSearch();
  const { data: extraFields } = useSuspenseQuery(registrationFieldsQuery());
  const navigate = useNavigate();
  const signIn = useSetAtom(signInAtom);
  const pushAlert = useSetAtom(pushAlertAtom);
  const [verifyFor, setVerifyFor] = useState<string | null>(null);
  const { t } = useTranslation();
  useDocumentMeta({ title: pageTitle(t('ui.registration.pageTitle')) });

  // The mailed code finishes the registration and signs the user in (for this tab, as without
  // "Remember me"); register itself tells nothing about the address.
  const signedIn = (session: LoginResult) => {
    signIn(session, { remember: false, registered: true });
    setVerifyFor(null);
    void navigate({ href: afterLoginTarget(search), replace: true });
  };
  const registered = (result: RegisterResult) => {
    if (result.session) signedIn(result.session);
    else setVerifyFor(result.email);
  };

  return (
    <Container py="xl">
      <Paper withBorder p="xl" className={classes.wide}>
        <RegistrationForm
          title={t('ui.registration.title')}
          extraFields={extraFields}
          signInSearch={afterLoginParams(search)}
          onRegistered={registered}
        />
      </Paper>
      <VerifyCodeDialog
        opened={verifyFor !== null}
        channel="email"
        to={verifyFor ?? ''}
        onClose={() => {
          // Later: the code and the link stay valid; the account waits for one of them.
          pushAlert({ msg: accountMessages.registrationSent, type: 'success' });
          setVerifyFor(null);
        }}
        onRegistered={signedIn}
      />
    </Container>
  );
}
