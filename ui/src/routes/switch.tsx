import { Alert, Container, Group, Paper, Stack, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import type { UserRecord } from '@wine/contracts';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { ButtonLink } from '../components/ButtonLink.tsx';
import { lazySearch, searchText } from '../lib/search-param.ts';
import { pageTitle, useDocumentMeta } from '../lib/use-document-meta.ts';
import { switchSessionAtom } from '../state/session.ts';
import classes from './-account.module.css';

const switchSearchSchema = lazySearch(() => z.object({ token: searchText({ min: 1, max: 2000 }) }));

type Outcome = { ok: true; user: UserRecord } | { ok: false };

/**
 * /switch?token= (seeds 001 §2 public routes, §4 "A user can switch user, which replaces the token"):
 * the admin opens a link with a token from the switchuser action, and this tab's session becomes the
 * user's.
 */
export const Route = createFileRoute('/switch')({
  validateSearch: switchSearchSchema,
  search: { middlewares: switchSearchSchema.middlewares },
  loaderDeps: ({ search }) => ({ token: search.token }),
  // Switch once per visit, never again on a re-render or a preload.
  loader: async ({ deps, context: { store } }): Promise<Outcome> => {
    const user = deps.token ? await store.set(switchSessionAtom, deps.token) : null;
    return user ? { ok: true, user } : { ok: false };
  },
  staleTime: Number.POSITIVE_INFINITY,
  shouldReload: false,
  component: SwitchPage,
});

function SwitchPage() {
  const outcome = Route.useLoaderData();
  const { t } = useTranslation();
  useDocumentMeta({ title: pageTitle(t('ui.switchUser.title')) });
  return (
    <Container py="xl">
      <Paper withBorder p="xl" className={classes.page}>
        <Stack gap="md">
          <Title order={1} fz={32}>
            {t('ui.switchUser.title')}
          </Title>
          {outcome.ok ? (
            <Alert color="green" role="status" data-testid="switch-result">
              {t('ui.switchUser.signedInAs', {
                name: `${outcome.user.first_name} ${outcome.user.last_name}`,
              })}
            </Alert>
          ) : (
            <Alert color="red" role="alert" data-testid="switch-result">
              {t('ui.switchUser.invalidLink')}
            </Alert>
          )}
          <Group>
            <ButtonLink to="/">{t('ui.common.goHome')}</ButtonLink>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
