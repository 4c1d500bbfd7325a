import { Alert, Container, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/ButtonLink.tsx';

/** A visitor sent to the home page from a protected page: sign in and go back there. */
export function SignInNotice({ referer }: { referer: string }) {
  const { t } = useTranslation();
  return (
    <Container pt="md">
      <Alert color="burgundy" title={t('ui.layout.pleaseSignIn')} data-testid="sign-in-notice">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{t('ui.home.signInToSee')}</Text>
          <ButtonLink to="/login" search={{ referer }} size="xs">
            {t('ui.common.signIn')}
          </ButtonLink>
        </Group>
      </Alert>
    </Container>
  );
}
