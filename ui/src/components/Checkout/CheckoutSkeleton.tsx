import { Container, Grid, Skeleton, Stack } from '@mantine/core';

/** seeds 001 §2 loading skeleton 'checkout': the sections on the left, the summary on the right. */
export function CheckoutSkeleton({ label }: { label: string }) {
  return (
    <Container py="xl" role="status" aria-label={label} data-testid="checkout-skeleton">
      <Skeleton height={36} width={220} mb="lg" />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Skeleton height={160} radius="md" />
            <Skeleton height={200} radius="md" />
            <Skeleton height={140} radius="md" />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Skeleton height={240} radius="md" />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
