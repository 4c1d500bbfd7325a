import { Alert, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { ApiError, callForMessage, errorMessage, messageOr } from '../api/client.ts';
import { i18n } from '../i18n/index.ts';
import { lazySearch, searchText } from '../lib/search-param.ts';
import { pageTitle, useDocumentMeta } from '../lib/use-document-meta.ts';
import classes from './-account.module.css';

const confirmSearch = lazySearch(() =>
  z.object({
    c: searchText({ min: 64, max: 64 }),
    e: searchText({ min: 1, max: 12 }),
    t: searchText({ min: 32, max: 32 }),
  }),
);

type Outcome =
  | { step: 'confirmed'; message: string }
  | { step: 'invalid' }
  | { step: 'failed'; message: string };

/**
 * /newsletter/confirm?c=&e=&t= (issue 34, double opt-in): the link of the confirmation mail. Opening it
 * confirms the sign-up, once per visit (never again on a re-render or a preload), without a sign-in:
 * the link is signed. An edited, expired or earlier link says it is not valid.
 */
export const Route = createFileRoute('/newsletter/confirm')({
  validateSearch: confirmSearch,
  search: { middlewares: confirmSearch.middlewares },
  loaderDeps: ({ search }) => search,
  loader: async ({ deps: { c, e, t } }): Promise<Outcome> => {
    if (!c || !e || !t) return { step: 'invalid' };
    try {
      const { message, responseData } = await callForMessage('confirmNewsletterContact', { c, e, t });
      const fallback = i18n.t('enquiries.newsletterConfirmed', { email: responseData.email ?? '' });
      return { step: 'confirmed', message: messageOr(message, fallback) };
    } catch (error) {
      if (
        error instanceof ApiError &&
        (error.code === 'NEWSLETTER_LINK_INVALID' || error.code === 'VALIDATION')
      )
        return { step: 'invalid' };
      return { step: 'failed', message: errorMessage(error) };
    }
  },
  staleTime: Number.POSITIVE_INFINITY,
  shouldReload: false,
  component: NewsletterConfirmPage,
});

function NewsletterConfirmPage() {
  const outcome = Route.useLoaderData();
  const { t } = useTranslation();
  useDocumentMeta({ title: pageTitle(t('ui.newsletterLinks.confirmTitle')) });
  return (
    <Container py="xl">
      <Paper withBorder p="xl" className={classes.page}>
        <Stack gap="md">
          <Title order={1} fz={32}>
            {t('ui.newsletterLinks.confirmTitle')}
          </Title>
          {outcome.step === 'confirmed' ? (
            <>
              <Alert color="green" role="status" data-testid="newsletter-confirmed">
                {outcome.message}
              </Alert>
              <Text>{t('ui.newsletterLinks.confirmedNext')}</Text>
            </>
          ) : (
            <Alert color="red" role="alert" data-testid="newsletter-confirm-failed">
              {outcome.step === 'invalid' ? t('ui.newsletterLinks.confirmInvalid') : outcome.message}
            </Alert>
          )}
          <Group>
            <Button component={Link} to="/">
              {t('ui.common.goHome')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
