import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** seeds 000 §2.1: any other path shows a fallback page. */
export function NotFound({ title = 'Page not found', message }: { title?: string; message?: string }) {
  return (
    <Container size="sm" py={80} data-testid="not-found">
      <Stack align="center" gap="md" ta="center">
        <Text c="burgundy.7" fw={600} size="sm" style={{ letterSpacing: '0.2em' }}>
          404
        </Text>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">
          {message ?? 'The page you are looking for has been moved, sold or never existed.'}
        </Text>
        <Group>
          <Button component={Link} to="/">
            Back to home
          </Button>
          <Button component={Link} to="/search" variant="outline">
            Browse wines
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
