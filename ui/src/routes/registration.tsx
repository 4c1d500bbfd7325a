import { Container, Paper } from '@mantine/core';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import type { LoginResult } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { loadExtraFields, RegistrationForm } from '../components/RegistrationForm/RegistrationForm.tsx';
import { VerifyCodeDialog } from '../components/VerifyCodeDialog/VerifyCodeDialog.tsx';
import { afterLoginParams, afterLoginSearchSchema, afterLoginTarget } from '../lib/after-login.ts';
import { useDocumentMeta } from '../lib/use-document-meta.ts';
import { signInAtom } from '../state/session.ts';
import classes from './-account.module.css';

export const Route = createFileRoute('/registration')({
  validateSearch: afterLoginSearchSchema,
  loader: loadExtraFields,
  component: RegistrationPage,
});

function RegistrationPage() {
  const search = Route.useSearch();
  const extraFields = Route.useLoaderData();
  const navigate = useNavigate();
  const signIn = useSetAtom(signInAtom);
  const [verifyFor, setVerifyFor] = useState<string | null>(null);
  useDocumentMeta({ title: 'Register | Fine Wine Auction' });

  const registered = (result: LoginResult) => {
    // seeds: after registering the user is signed in (for this tab, as without "Remember me").
    signIn(result, { remember: false, registered: true });
    setVerifyFor(result.user.email);
  };

  const finish = () => {
    setVerifyFor(null);
    void navigate({ href: afterLoginTarget(search), replace: true });
  };

  return (
    <Container py="xl">
      <Paper withBorder p="xl" className={classes.wide}>
        <RegistrationForm
          title="Create your account"
          extraFields={extraFields}
          signInSearch={afterLoginParams(search)}
          onRegistered={registered}
        />
      </Paper>
      <VerifyCodeDialog opened={verifyFor !== null} channel="email" to={verifyFor ?? ''} onClose={finish} />
    </Container>
  );
}
