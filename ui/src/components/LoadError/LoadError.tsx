import { Alert, Button, Container } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client.ts';

/** A route's loader failed: the server's message (seeds 000 §8) and a retry. */
export function LoadError({ error }: { error: unknown }) {
  const router = useRouter();
  const { t } = useTranslation();
  return (
    <Container py="xl" size="sm">
      <Alert color="red" title={t('ui.loadError.title')} role="alert" data-testid="load-error">
        {errorMessage(error)}
        <div>
          <Button mt="md" variant="light" color="red" onClick={() => void router.invalidate()}>
            {t('ui.common.tryAgain')}
          </Button>
        </div>
      </Alert>
    </Container>
  );
}
