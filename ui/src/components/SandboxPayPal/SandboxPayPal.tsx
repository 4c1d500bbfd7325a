import { Alert, Badge, Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call, errorMessage } from '../../api/client.ts';
import { browser } from '../../lib/browser.ts';
import { safeReturnPath } from '../../lib/cart.ts';
import { ButtonLink } from '../ButtonLink.tsx';

export interface SandboxPayPalProps {
  /** PayPal's order id, as the sandbox's approve URL names it. */
  orderId: string;
}

/**
 * The PayPal sandbox's stand-in for PayPal's checkout page (seeds 001 "Payments": the browser comes
 * here in the same tab): the buyer pays with PayPal or cancels, and is sent back where PayPal would
 * send them, the checkout's confirm page, which then calls paypal_response.
 */
export function SandboxPayPal({ orderId }: SandboxPayPalProps) {
  const { t } = useTranslation();
  const answer = useMutation({
    mutationFn: (approve: boolean) => call('sandboxPayPalApprove', { order_id: orderId, approve }),
    onSuccess: ({ redirect_to }) => {
      // Only a path of this site is followed: the page must not be able to send the buyer elsewhere.
      const back = safeReturnPath(redirect_to, window.location.origin);
      if (back) browser.assign(back);
    },
  });
  const sentBack = answer.isSuccess && safeReturnPath(answer.data.redirect_to, window.location.origin);
  return (
    <Container size="xs" py={60}>
      <Card withBorder shadow="sm" padding="xl" data-testid="sandbox-paypal">
        <Stack gap="md">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Title order={1} fz={24}>
              {t('ui.sandboxPayPal.title')}
            </Title>
            <Badge color="orange" variant="filled" style={{ flexShrink: 0 }}>
              {t('ui.sandboxPayPal.badge')}
            </Badge>
          </Group>
          <Text size="sm">{t('ui.sandboxPayPal.intro')}</Text>
          <Text size="sm" c="dimmed" ff="monospace">
            {t('ui.sandboxPayPal.order', { id: orderId })}
          </Text>
          {answer.isSuccess ? (
            <Alert color={answer.variables ? 'green' : 'orange'} data-testid="sandbox-paypal-done">
              <Text size="sm">
                {t(answer.variables ? 'ui.sandboxPayPal.approved' : 'ui.sandboxPayPal.cancelled')}
              </Text>
              {sentBack ? null : (
                <Text size="sm" mt={4} data-testid="sandbox-paypal-bad-return">
                  {t('ui.sandboxPayPal.badReturn')}
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
              onClick={() => answer.mutate(true)}
              loading={answer.isPending && answer.variables}
              disabled={answer.isPending || answer.isSuccess}
            >
              {t('ui.sandboxPayPal.pay')}
            </Button>
            <Button
              variant="outline"
              color="gray"
              onClick={() => answer.mutate(false)}
              loading={answer.isPending && !answer.variables}
              disabled={answer.isPending || answer.isSuccess}
            >
              {t('ui.sandboxPayPal.cancel')}
            </Button>
          </SimpleGrid>
          {answer.isSuccess && !sentBack ? (
            <ButtonLink to="/buynowcart" variant="subtle">
              {t('ui.sandboxPayPal.backToCart')}
            </ButtonLink>
          ) : null}
        </Stack>
      </Card>
    </Container>
  );
}
