import { Alert, Badge, Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call, errorMessage } from '../../api/client.ts';
import { browser } from '../../lib/browser.ts';
import { safeReturnPath } from '../../lib/cart.ts';
import { ButtonLink } from '../ButtonLink.tsx';

export interface SandboxIssuerProps {
  chargeId: string;
  /** Where the issuer sends the buyer back (the `return` search param); only a path of this site is followed. */
  returnTo: string | undefined;
}

/**
 * The sandbox card provider's stand-in for a card issuer's authentication page (3-D Secure in test
 * mode): the buyer approves or fails the payment, then goes back to the shop.
 */
export function SandboxIssuer({ chargeId, returnTo }: SandboxIssuerProps) {
  const { t } = useTranslation();
  const back = safeReturnPath(returnTo, window.location.origin);
  const answer = useMutation({
    mutationFn: (approve: boolean) => call('sandboxAuthenticate', { charge_id: chargeId, approve }),
    onSuccess: () => {
      // Never an absolute URL: a link to this page must not be able to send the buyer elsewhere.
      if (back) browser.assign(back);
    },
  });
  return (
    <Container size="xs" py={60}>
      <Card withBorder shadow="sm" padding="xl" data-testid="sandbox-issuer">
        <Stack gap="md">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Title order={1} fz={24}>
              {t('ui.sandbox.title')}
            </Title>
            <Badge color="orange" variant="filled" style={{ flexShrink: 0 }}>
              {t('ui.sandbox.badge')}
            </Badge>
          </Group>
          <Text size="sm">{t('ui.sandbox.intro')}</Text>
          <Text size="sm" c="dimmed" ff="monospace">
            {t('ui.sandbox.charge', { id: chargeId })}
          </Text>
          {answer.isSuccess ? (
            <Alert color={answer.variables ? 'green' : 'orange'} data-testid="sandbox-done">
              <Text size="sm">{t(answer.variables ? 'ui.sandbox.approved' : 'ui.sandbox.failed')}</Text>
              {back ? null : (
                <Text size="sm" mt={4} data-testid="sandbox-bad-return">
                  {t('ui.sandbox.badReturn')}
                </Text>
              )}
            </Alert>
          ) : null}
          {answer.isError ? (
            <Alert color="red" role="alert">
              {errorMessage(answer.error)}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Button
              color="green"
              onClick={() => answer.mutate(true)}
              loading={answer.isPending && answer.variables}
              disabled={answer.isPending || answer.isSuccess}
            >
              {t('ui.sandbox.approve')}
            </Button>
            <Button
              color="red"
              variant="outline"
              onClick={() => answer.mutate(false)}
              loading={answer.isPending && !answer.variables}
              disabled={answer.isPending || answer.isSuccess}
            >
              {t('ui.sandbox.fail')}
            </Button>
          </SimpleGrid>
          {answer.isSuccess && !back ? (
            <ButtonLink to="/buynowcart" variant="subtle">
              {t('ui.sandbox.backToCart')}
            </ButtonLink>
          ) : null}
        </Stack>
      </Card>
    </Container>
  );
}
