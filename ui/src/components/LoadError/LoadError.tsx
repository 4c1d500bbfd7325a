import { Alert, Button, Container } from '@mantine/core';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client.ts';

/** A route's loader failed: the server's message (seeds 000 §8) and a retry. */
export function LoadError({ error }: { error: unknown }) {
  const router = useRouter();
  const queries = useQueryErrorResetBoundary();
  const { t } = useTranslation();
  // Try again: the failed queries may load again, and the route's loader asks for them.
  const retry = () => {
    queries.reset();
    void router.invalidate();
  };
  return (
    <Container py="xl" size="sm">
      <Alert color="red" title={t('ui.loadError.title')} role="alert" data-testid="load-error">
        {errorMessage(error)}
        <div>
          <Button mt="md" variant="light" color="red" onClick={retry}>
            {t('ui.common.tryAgain')}
          </Button>
        </div>
      </Alert>
    </Container>
  );
}
