import { Alert, Badge, Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client.ts';
import { ButtonLink } from '../ButtonLink.tsx';

export interface SandboxPageProps {
  /** The page's test id; its outcome and a refused return are `<testId>-done`, `<testId>-bad-return`. */
  testId: string;
  title: string;
  intro: string;
  /** What the page is about, as the provider names it (a charge, an order). */
  reference: string;
  /** The buyer's answer sent: yes (approve, pay) or no (fail, cancel). */
  answer: UseMutationResult<unknown, Error, boolean>;
  yes: string;
  no: string;
  /** The colours of the two buttons: the sandbox issuer's green and red, PayPal's own and grey. */
  colors: { yes?: string; no: string };
  /** What the answer did, said once it is sent. */
  answered: { yes: string; no: string };
  /** Whether the buyer is being sent back to the shop (a path of this site was given). */
  sendingBack: boolean;
}

/**
 * A sandbox's stand-in for a provider's page (the card issuer's 3-D Secure page, PayPal's checkout):
 * marked as a test, it says what it is about, takes the buyer's yes or no once, and tells what it did;
 * when no path of this site was given to go back to, it says so and offers the cart.
 */
export function SandboxPage({
  testId,
  title,
  intro,
  reference,
  answer,
  yes,
  no,
  colors,
  answered,
  sendingBack,
}: SandboxPageProps) {
  const { t } = useTranslation();
  return (
    <Container size="xs" py={60}>
      <Card withBorder shadow="sm" padding="xl" data-testid={testId}>
        <Stack gap="md">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Title order={1} fz={24}>
              {title}
            </Title>
            <Badge color="orange" variant="filled" style={{ flexShrink: 0 }}>
              {t('ui.sandbox.badge')}
            </Badge>
          </Group>
          <Text size="sm">{intro}</Text>
          <Text size="sm" c="dimmed" ff="monospace">
            {reference}
          </Text>
          {answer.isSuccess ? (
            <Alert color={answer.variables ? 'green' : 'orange'} data-testid={`${testId}-done`}>
              <Text size="sm">{answer.variables ? answered.yes : answered.no}</Text>
              {sendingBack ? null : (
                <Text size="sm" mt={4} data-testid={`${testId}-bad-return`}>
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
              {...(colors.yes && { color: colors.yes })}
              onClick={() => answer.mutate(true)}
              loading={answer.isPending && answer.variables}
              disabled={answer.isPending || answer.isSuccess}
            >
              {yes}
            </Button>
            <Button
              color={colors.no}
              variant="outline"
              onClick={() => answer.mutate(false)}
              loading={answer.isPending && !answer.variables}
              disabled={answer.isPending || answer.isSuccess}
            >
              {no}
            </Button>
          </SimpleGrid>
          {answer.isSuccess && !sendingBack ? (
            <ButtonLink to="/buynowcart" variant="subtle">
              {t('ui.sandbox.backToCart')}
            </ButtonLink>
          ) : null}
        </Stack>
      </Card>
    </Container>
  );
}
