import { Alert, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { callForMessage, messageOr } from '../api/client.ts';
import { lazySearch, searchText } from '../lib/search-param.ts';
import { pageTitle, useDocumentMeta } from '../lib/use-document-meta.ts';
import { useSignedLink } from '../lib/use-signed-link.ts';
import classes from './-account.module.css';

const leaveSearch = lazySearch(() =>
  z.object({
    c: searchText({ min: 64, max: 64 }),
    t: searchText({ min: 32, max: 32 }),
  }),
);

/**
 * /newsletter/unsubscribe?c=&t= (issue 34): the link at the end of every marketing mail. It asks first
 * (a mail scanner that opens links takes nobody off), then takes the address off the newsletter list
 * without a sign-in: the link is signed, and names the address by its hash only.
 */
export const Route = createFileRoute('/newsletter/unsubscribe')({
  validateSearch: leaveSearch,
  search: { middlewares: leaveSearch.middlewares },
  component: NewsletterUnsubscribePage,
});

function NewsletterUnsubscribePage() {
  const { c, t: token } = Route.useSearch();
  const { t } = useTranslation();
  useDocumentMeta({ title: pageTitle(t('ui.newsletterLinks.leaveTitle')) });
  const { state, busy, run } = useSignedLink(Boolean(c && token), 'NEWSLETTER_LINK_INVALID', async () => {
    const { message } = await callForMessage('leaveNewsletter', { c: c ?? '', t: token ?? '' });
    return messageOr(message, t('ui.newsletterLinks.left'));
  });

  return (
    <Container py="xl">
      <Paper withBorder p="xl" className={classes.page}>
        <Stack gap="md">
          <Title order={1} fz={32}>
            {t('ui.newsletterLinks.leaveTitle')}
          </Title>
          {state.step === 'invalid' && (
            <Alert color="red" role="alert" data-testid="newsletter-leave-invalid">
              {t('ui.newsletterLinks.leaveInvalid')}
            </Alert>
          )}
          {(state.step === 'ask' || state.step === 'failed') && (
            <>
              <Text fw={600}>{t('ui.newsletterLinks.leaveQuestion')}</Text>
              <Text>{t('ui.newsletterLinks.leaveExplain')}</Text>
              {state.step === 'failed' && (
                <Alert color="red" role="alert">
                  {state.message}
                </Alert>
              )}
              <Button onClick={run} loading={busy} style={{ alignSelf: 'flex-start' }}>
                {t('ui.newsletterLinks.leave')}
              </Button>
            </>
          )}
          {state.step === 'done' && (
            <>
              <Alert color="green" role="status" data-testid="newsletter-left">
                {state.message}
              </Alert>
              <Group>
                <Button component={Link} to="/" variant="default">
                  {t('ui.common.goHome')}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
