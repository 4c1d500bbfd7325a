import { Alert, Button, Card, Container, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callForMessage, errorMessage } from '../../api/client.ts';
import { AnchorLink } from '../AnchorLink.tsx';

/**
 * The documents sandbox's stand-in for PandaDoc's signing session: the recipient signs, the sandbox
 * tells the product as PandaDoc's signed webhook would, and the seller goes back to their agreements.
 */
export function SandboxSigning({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [state, setState] = useState<
    { status: 'idle' | 'sending' } | { status: 'done' | 'failed'; message: string }
  >({
    status: 'idle',
  });
  const sign = async () => {
    setState({ status: 'sending' });
    try {
      const { message } = await callForMessage('sandboxSignDocument', { session_id: sessionId });
      await queryClient.invalidateQueries({ queryKey: ['viewPandaDoc'] });
      setState({ status: 'done', message });
    } catch (error) {
      setState({ status: 'failed', message: errorMessage(error) });
    }
  };
  return (
    <Container size="sm" py="xl">
      <Card withBorder padding="lg" data-testid="sandbox-signing">
        <Stack gap="md">
          <Title order={1} fz={26}>
            {t('ui.agreements.signTitle')}
          </Title>
          <Text c="dimmed">{t('ui.agreements.signExplain')}</Text>
          {state.status === 'done' ? (
            <Alert color="green" data-testid="signed">
              {state.message}
            </Alert>
          ) : null}
          {state.status === 'failed' ? (
            <Alert color="red" data-testid="sign-failed">
              {state.message}
            </Alert>
          ) : null}
          {state.status === 'done' ? (
            <AnchorLink to="/myWines/agreements">{t('ui.agreements.signedNext')}</AnchorLink>
          ) : (
            <Button
              onClick={() => void sign()}
              loading={state.status === 'sending'}
              data-testid="sandbox-sign"
            >
              {t('ui.agreements.signButton')}
            </Button>
          )}
        </Stack>
      </Card>
    </Container>
  );
}
