import { Anchor, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PAGE_FILES_URL, type StaticPageRecord } from '@wine/contracts';
import DOMPurify from 'dompurify';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';
import { useCurrentLanguage } from '../LanguageSwitch/language-label.tsx';
import { LoadError } from '../LoadError/LoadError.tsx';
import { NotFound } from '../NotFound/NotFound.tsx';
import classes from './StaticPage.module.css';
import { staticPageQuery } from './static-page-query.ts';

/**
 * The browser's own pass over the page's HTML (DOMPurify), though the server sanitised it when it was
 * published: nothing that runs reaches the DOM even if the record was written some other way.
 */
export function purifyPageHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style'],
  });
}

/** The URL of a file page's PDF in the static-files upload folder. */
export const pageFileUrl = (filePath: string): string => `${PAGE_FILES_URL}${encodeURIComponent(filePath)}`;

function PageBody({ page }: { page: StaticPageRecord }) {
  const { t } = useTranslation();
  const html = useMemo(() => purifyPageHtml(page.content), [page.content]);
  // The body says its language: English shown to a Spanish reader (not translated) is read as English.
  const intro = html ? (
    <div
      className={classes.content}
      data-testid="page-content"
      lang={page.language}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server and again by DOMPurify
      dangerouslySetInnerHTML={{ __html: html }}
    />
  ) : null;
  if (page.content_type !== 'file' || !page.file_path) return intro;
  const url = pageFileUrl(page.file_path);
  return (
    <Stack gap="md">
      {intro}
      <iframe src={url} title={t('ui.staticPages.pdfTitle', { title: page.title })} className={classes.pdf} />
      <Text size="sm">
        <Anchor href={url} download={page.file_path} data-testid="pdf-download">
          {t('ui.staticPages.download', { title: page.title })}
        </Anchor>
      </Text>
    </Stack>
  );
}

/**
 * A page record as the storefront shows it: its title and its content. The staff's preview shows a
 * draft with it (issue 34 §2 "Content"), as the public page will.
 */
export function StaticPageArticle({
  page,
  titleId = 'static-page-title',
}: {
  page: StaticPageRecord;
  titleId?: string;
}) {
  return (
    <article aria-labelledby={titleId}>
      <Title order={1} id={titleId} mb="lg">
        {page.title}
      </Title>
      <PageBody page={page} />
    </article>
  );
}

/**
 * seeds 000 §2.2 "one shared view": loads the page record by the id taken from the path, in the
 * reader's language (issue 34 §2: English where it is not translated), and shows its HTML, or its PDF
 * embedded with a download link. `children` follow the content (the benefit cards of /selling_wine).
 */
export function StaticPage({ id, children }: { id: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const { data: page, error, isPending } = useQuery(staticPageQuery(id, useCurrentLanguage()));
  const missing = error instanceof ApiError && error.code === 'PAGE_NOT_FOUND';
  useDocumentMeta({
    title: pageTitle(
      page?.title ?? (missing ? t('ui.staticPages.notFoundTitle') : t('ui.staticPages.loading')),
    ),
    ...(page?.meta_description && { description: page.meta_description }),
  });
  if (missing) {
    return (
      <NotFound title={t('ui.staticPages.notFoundTitle')} message={t('ui.staticPages.notFoundMessage')} />
    );
  }
  if (error) return <LoadError error={error} />;
  return (
    <Container size="md" py="xl" className={classes.page}>
      {isPending ? (
        <Stack gap="md" aria-busy="true" aria-label={t('ui.staticPages.loading')} data-testid="page-loading">
          <Skeleton height={36} width="60%" />
          <Skeleton height={14} />
          <Skeleton height={14} />
          <Skeleton height={14} width="80%" />
        </Stack>
      ) : (
        <StaticPageArticle page={page} />
      )}
      {children}
    </Container>
  );
}
