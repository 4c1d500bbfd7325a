import { Center, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { createFileRoute, Outlet, redirect, useLocation } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/ButtonLink.tsx';
import { sessionAtom, tokenAtom } from '../state/session.ts';

/**
 * seeds 000 §2.3: protected routes need a stored login token; a visitor is sent to / with the
 * requested location as the referer.
 */
export const Route = createFileRoute('/_auth')({
  beforeLoad: ({ context, location }) => {
    if (!context.store.get(tokenAtom)) {
      throw redirect({ to: '/', search: { referer: location.href }, replace: true });
    }
  },
  component: ProtectedLayout,
});

function ProtectedLayout() {
  const { t } = useTranslation();
  const session = useAtomValue(sessionAtom);
  const location = useLocation();
  if (session.status === 'validating') {
    return (
      <Center py={80}>
        <Loader aria-label={t('ui.layout.loadingAccount')} />
      </Center>
    );
  }
  if (session.status === 'anonymous') {
    // Signed out while here (logout, or the stored token turned out invalid).
    return (
      <Container size="sm" py={80}>
        <Stack align="center" ta="center" gap="md" data-testid="sign-in-required">
          <Title order={1} fz={32}>
            {t('ui.layout.pleaseSignIn')}
          </Title>
          <Text c="dimmed">{t('ui.layout.membersOnly')}</Text>
          <ButtonLink to="/login" search={{ referer: location.href }}>
            {t('ui.common.signIn')}
          </ButtonLink>
        </Stack>
      </Container>
    );
  }
  return <Outlet />;
}
