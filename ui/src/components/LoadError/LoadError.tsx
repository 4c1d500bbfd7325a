import { Alert, Button, Container } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { errorMessage } from '../../api/client.ts';

/** A route's loader failed: the server's message (seeds 000 §8) and a retry. */
export function LoadError({ error }: { error: unknown }) {
  const router = useRouter();
  return (
    <Container py="xl" size="sm">
      <Alert color="red" title="We could not load this page" role="alert" data-testid="load-error">
        {errorMessage(error)}
        <div>
          <Button mt="md" variant="light" color="red" onClick={() => void router.invalidate()}>
            Try again
          </Button>
        </div>
      </Alert>
    </Container>
  );
}
