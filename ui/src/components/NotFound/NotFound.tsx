import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** seeds 000 §2.1: any other path shows a fallback page. */
export function NotFound({ title, message }: { title?: string; message?: string }) {
  const { t } = useTranslation();
  return (
    <Container size="sm" py={80} data-testid="not-found">
      <Stack align="center" gap="md" ta="center">
        <Text c="burgundy.7" fw={600} size="sm" style={{ letterSpacing: '0.2em' }}>
          404
        </Text>
        <Title order={1}>{title ?? t('ui.notFound.title')}</Title>
        <Text c="dimmed">{message ?? t('ui.notFound.message')}</Text>
        <Group>
          <Button component={Link} to="/">
            {t('ui.notFound.backHome')}
          </Button>
          <Button component={Link} to="/search" variant="outline">
            {t('ui.notFound.browseWines')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
