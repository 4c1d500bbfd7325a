import { Alert, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { Trans, useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { call } from '../api/client.ts';
import { AnchorLink } from '../components/AnchorLink.tsx';
import { lazySearch, searchText } from '../lib/search-param.ts';
import { pageTitle, useDocumentMeta } from '../lib/use-document-meta.ts';
import { useSignedLink } from '../lib/use-signed-link.ts';
import classes from './-account.module.css';

const kinds = ['outbid', 'closing', 'won'] as const;
type Kind = (typeof kinds)[number];
const kindTexts = {
  outbid: 'ui.notify.kind_outbid',
  closing: 'ui.notify.kind_closing',
  won: 'ui.notify.kind_won',
} as const satisfies Record<Kind, string>;

const unsubscribeSearch = lazySearch(() =>
  z.object({
    u: searchText({ min: 1, max: 64 }),
    k: z.catch(z.optional(z.enum(kinds)), undefined),
    t: searchText({ min: 1, max: 128 }),
  }),
);

/**
 * /unsubscribe?u=&k=&t= (issue 31): a notification mail's link. It asks first (a mail scanner that
 * opens links turns nothing off), then turns that kind off without a sign-in: the link is signed.
 */
export const Route = createFileRoute('/unsubscribe')({
  validateSearch: unsubscribeSearch,
  search: { middlewares: unsubscribeSearch.middlewares },
  component: UnsubscribePage,
});

function UnsubscribePage() {
  const { u, k, t: token } = Route.useSearch();
  const { t } = useTranslation();
  useDocumentMeta({ title: pageTitle(t('ui.notify.unsubscribeTitle')) });
  const kind = t(kindTexts[k ?? 'outbid']);
  const choices = { choices: <AnchorLink to="/account/notifications" fz="inherit" underline="always" /> };
  const { state, busy, run } = useSignedLink(
    Boolean(u && k && token),
    'UNSUBSCRIBE_LINK_INVALID',
    async () => {
      await call('unsubscribe', { u: u ?? '', k: k ?? 'outbid', t: token ?? '' });
      return t('ui.notify.done', { kind });
    },
  );

  return (
    <Container py="xl">
      <Paper withBorder p="xl" className={classes.page}>
        <Stack gap="md">
          <Title order={1} fz={32}>
            {t('ui.notify.unsubscribeTitle')}
          </Title>
          {state.step === 'invalid' && (
            <Alert color="red" role="alert" data-testid="unsubscribe-invalid">
              <Trans i18nKey="ui.notify.invalid" components={choices} />
            </Alert>
          )}
          {(state.step === 'ask' || state.step === 'failed') && (
            <>
              <Text fw={600}>{t('ui.notify.confirmQuestion', { kind })}</Text>
              <Text>{t('ui.notify.confirmExplain')}</Text>
              {state.step === 'failed' && (
                <Alert color="red" role="alert">
                  {state.message}
                </Alert>
              )}
              <Button onClick={run} loading={busy} style={{ alignSelf: 'flex-start' }}>
                {t('ui.notify.confirm')}
              </Button>
            </>
          )}
          {state.step === 'done' && (
            <>
              <Alert color="green" role="status" data-testid="unsubscribe-done">
                {state.message}
              </Alert>
              <Text>
                <Trans i18nKey="ui.notify.doneNext" components={choices} />
              </Text>
            </>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
