import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Input,
  Modal,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  knownPageIds,
  PublishPageInput,
  type StaffPageVersion,
  type StaticPageRecord,
} from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, callForMessage, errorMessage, messageOr } from '../../api/client.ts';
import { invalidateAction } from '../../api/queries.ts';
import { formatDateTime } from '../../lib/format.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { AnchorLink } from '../AnchorLink.tsx';
import { StaticPageArticle } from '../StaticPage/StaticPage.tsx';
import { ContentTable } from './ContentTable.tsx';
import { uploadUrl, useContentUpload } from './content-upload.ts';

// tiptap and its toolbar load with this screen only, never with the storefront (issue 11).
const PageHtmlEditor = lazy(() => import('./PageHtmlEditor.tsx'));

/** An image's first alternative text, from its file name: no extension, words apart. */
const altOf = (fileName: string): string =>
  fileName
    .replace(/\.[^.]*$/, '')
    .replace(/[-_]+/g, ' ')
    .trim();

const publicIds: ReadonlySet<string> = new Set(knownPageIds);

/** What the editor holds: the fields an admin publishes. */
interface Draft {
  title: string;
  meta_description: string;
  content: string;
}
type Field = keyof Draft;
const fields: readonly Field[] = ['title', 'meta_description', 'content'];

const draftOf = (version: StaffPageVersion | undefined): Draft => ({
  title: version?.title ?? '',
  meta_description: version?.meta_description ?? '',
  content: version?.content ?? '',
});

/** The field a refusal names (the contract's issue path, or the server's envelope), when it is one of ours. */
const fieldOf = (name: unknown): Field | undefined => fields.find((f) => f === name);

/**
 * /admin/pages/:id (admins, issue 34 §2 "Content"): a page's title, meta description and HTML, written
 * in a rich-text editor (images uploaded into 'templates') or as HTML; a preview as the storefront
 * will show it; Publish; and the versions published, any of which can be loaded back to publish again.
 * PDF pages are not edited here: the upload takes images only (see the editor's note).
 */
export function StaffPageEditor({ id, versions }: { id: string; versions: StaffPageVersion[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  const [draft, setDraft] = useState<Draft>(() => draftOf(versions[0]));
  const [mode, setMode] = useState<'visual' | 'html'>('visual');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [uploadFailure, setUploadFailure] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const contentLabel = useId();
  const uploadImage = useContentUpload('templates');
  const current = versions[0];
  const isFilePage = current?.content_type === 'file';

  const change = (field: Field, value: string) => {
    setDraft((before) => ({ ...before, [field]: value }));
    setErrors((before) => ({ ...before, [field]: undefined }));
    setDone(null);
  };

  const publish = async () => {
    setFailure(null);
    setDone(null);
    const parsed = PublishPageInput.safeParse({ id, content_type: 'html', ...draft });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = fieldOf(issue.path[0]);
        if (field && !found[field]) found[field] = issue.message;
      }
      if (found.content !== undefined && !draft.content.trim())
        found.content = t('ui.content.editor.required');
      setErrors(found);
      return;
    }
    setPublishing(true);
    try {
      const { message } = await callForMessage('publishPage', parsed.data);
      const said = messageOr(message, t('ui.content.editor.published'));
      setDone(said);
      pushAlert({ msg: said, type: 'success' });
      await Promise.all([
        invalidateAction(queryClient, 'staffPageHistory', { id }),
        invalidateAction(queryClient, 'staffPages'),
        invalidateAction(queryClient, 'getStaticPage', { id }),
      ]);
    } catch (error) {
      const data = error instanceof ApiError ? (error.responseData as { field?: unknown } | null) : null;
      const field = fieldOf(data?.field);
      if (field) setErrors({ [field]: errorMessage(error) });
      else setFailure(errorMessage(error));
    } finally {
      setPublishing(false);
    }
  };

  const restore = (version: StaffPageVersion) => {
    setDraft(draftOf(version));
    setErrors({});
    setDone(null);
    pushAlert({ msg: t('ui.content.editor.restored', { version: version.version }), type: 'info' });
  };

  const preview: StaticPageRecord = {
    id,
    title: draft.title,
    content_type: 'html',
    content: draft.content,
    file_path: null,
    meta_description: draft.meta_description,
    updated_at: new Date().toISOString(),
  };

  return (
    <Container size="lg" py="xl">
      <AnchorLink to="/admin/pages" size="sm">
        ← {t('ui.content.editor.all')}
      </AnchorLink>
      <Group justify="space-between" align="center" mt="xs" mb="md" gap="xs">
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {current ? current.title : t('ui.content.editor.newPage', { id })}
        </Title>
        <Text c="dimmed">/{id}</Text>
      </Group>
      <Stack gap="md">
        <Card withBorder>
          {current ? (
            <Text size="sm" data-testid="page-current">
              {t('ui.content.editor.current', {
                version: current.version,
                date: formatDateTime(current.published_at),
                name: current.published_by.name,
              })}
              {publicIds.has(id) ? (
                <>
                  {' · '}
                  <Anchor href={`/${id}`} target="_blank" data-testid="page-view">
                    {t('ui.content.editor.view')}
                  </Anchor>
                </>
              ) : null}
            </Text>
          ) : (
            <Text size="sm">{t('ui.content.editor.notPublished')}</Text>
          )}
          {publicIds.has(id) ? null : (
            <Text size="sm" c="dimmed" mt={4}>
              {t('ui.content.editor.noPublicPath')}
            </Text>
          )}
          {isFilePage ? (
            <Text size="sm" c="dimmed" mt={4}>
              {t('ui.content.editor.pdfNote')}
            </Text>
          ) : null}
        </Card>
        <form
          noValidate
          aria-labelledby="page-form-title"
          onSubmit={(event) => {
            event.preventDefault();
            void publish();
          }}
        >
          <Card withBorder>
            <Title order={2} fz={22} id="page-form-title" mb="sm">
              {t('ui.content.editor.content')}
            </Title>
            <Stack gap="md">
              <TextInput
                label={t('ui.content.editor.title')}
                required
                maxLength={200}
                value={draft.title}
                onChange={(event) => change('title', event.currentTarget.value)}
                error={errors.title}
                data-testid="page-title"
              />
              <Textarea
                label={t('ui.content.editor.metaDescription')}
                description={t('ui.content.editor.metaHint')}
                maxLength={300}
                rows={2}
                resize="vertical"
                value={draft.meta_description}
                onChange={(event) => change('meta_description', event.currentTarget.value)}
                error={errors.meta_description}
                data-testid="page-meta"
              />
              <Input.Wrapper
                labelElement="div"
                label={<span id={contentLabel}>{t('ui.content.editor.content')}</span>}
                error={errors.content}
              >
                <Stack gap="xs" mt={4}>
                  <SegmentedControl
                    aria-label={t('ui.content.editor.mode')}
                    value={mode}
                    onChange={(value) => setMode(value === 'html' ? 'html' : 'visual')}
                    data={[
                      { value: 'visual', label: t('ui.content.editor.visual') },
                      { value: 'html', label: t('ui.content.editor.html') },
                    ]}
                    style={{ alignSelf: 'flex-start' }}
                    data-testid="page-mode"
                  />
                  {mode === 'html' ? (
                    <Textarea
                      aria-label={t('ui.content.editor.htmlLabel')}
                      description={t('ui.content.editor.htmlHint')}
                      rows={14}
                      resize="vertical"
                      value={draft.content}
                      onChange={(event) => change('content', event.currentTarget.value)}
                      styles={{ input: { fontFamily: 'monospace' } }}
                      data-testid="page-html"
                    />
                  ) : (
                    <Suspense
                      fallback={<Skeleton height={260} aria-label={t('ui.content.editor.loadingEditor')} />}
                    >
                      <PageHtmlEditor
                        value={draft.content}
                        onChange={(html) => change('content', html)}
                        labelledBy={contentLabel}
                        onImageUpload={async (file) => {
                          setUploadFailure(null);
                          const src = uploadUrl('templates', await uploadImage(file));
                          // The file's name as its first alternative text ("cellar-door.jpg": "cellar door").
                          return { src, alt: altOf(file.name) };
                        }}
                        onImageUploadError={(error) => setUploadFailure(errorMessage(error))}
                      />
                    </Suspense>
                  )}
                  {uploadFailure ? (
                    <Alert color="red" role="alert" data-testid="page-upload-failure">
                      {uploadFailure}
                    </Alert>
                  ) : null}
                </Stack>
              </Input.Wrapper>
              {failure ? (
                <Alert color="red" role="alert" data-testid="page-failure">
                  {failure}
                </Alert>
              ) : null}
              {done ? (
                <Alert color="green" data-testid="page-published">
                  {done}
                </Alert>
              ) : null}
              <Group gap="sm" justify="flex-end">
                <Button variant="default" onClick={() => setPreviewing(true)} data-testid="page-preview">
                  {t('ui.content.editor.preview')}
                </Button>
                <Button type="submit" loading={publishing} data-testid="page-publish">
                  {t('ui.content.editor.publish')}
                </Button>
              </Group>
            </Stack>
          </Card>
        </form>
        <PageHistory versions={versions} onRestore={restore} />
      </Stack>
      <Modal
        opened={previewing}
        onClose={() => setPreviewing(false)}
        title={t('ui.content.editor.previewTitle')}
        size="xl"
        closeButtonProps={{ 'aria-label': t('ui.common.close') }}
      >
        <div data-testid="page-preview-body">
          <StaticPageArticle page={preview} titleId="page-preview-title" />
        </div>
      </Modal>
    </Container>
  );
}

/** The versions published, newest first: when, who, the title; each can be loaded into the editor. */
function PageHistory({
  versions,
  onRestore,
}: {
  versions: StaffPageVersion[];
  onRestore: (version: StaffPageVersion) => void;
}) {
  const { t } = useTranslation();
  const restoreButton = (version: StaffPageVersion) => (
    <Button
      size="xs"
      variant="default"
      onClick={() => onRestore(version)}
      aria-label={t('ui.content.editor.restoreLabel', { version: version.version })}
      data-testid="page-restore"
    >
      {t('ui.content.editor.restore')}
    </Button>
  );
  return (
    <Card withBorder component="section" aria-labelledby="page-history-title">
      <Title order={2} fz={22} id="page-history-title" mb="sm">
        {t('ui.content.editor.history')}
      </Title>
      {versions.length === 0 ? (
        <Text c="dimmed" data-testid="page-history-empty">
          {t('ui.content.editor.historyEmpty')}
        </Text>
      ) : (
        <ContentTable
          records={versions}
          keyOf={(version) => version.version}
          columns={[
            t('ui.content.editor.versionColumn'),
            t('ui.content.editor.when'),
            t('ui.content.editor.who'),
            t('ui.content.editor.title'),
            <VisuallyHidden key="actions">{t('ui.common.actions')}</VisuallyHidden>,
          ]}
          cells={(version) => [
            <>
              {version.version} {version === versions[0] ? <CurrentBadge /> : null}
            </>,
            formatDateTime(version.published_at),
            version.published_by.name,
            version.title,
            restoreButton(version),
          ]}
          card={(version) => (
            <Card withBorder padding="sm" data-testid="page-version-card">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {version.version}. {version.title}
                </Text>
                {version === versions[0] ? <CurrentBadge /> : restoreButton(version)}
              </Group>
              <Text size="sm" c="dimmed">
                {formatDateTime(version.published_at)} · {version.published_by.name}
              </Text>
            </Card>
          )}
          minWidth={520}
          testId="page-history"
          rowTestId="page-version"
        />
      )}
    </Card>
  );
}

function CurrentBadge() {
  const { t } = useTranslation();
  return (
    <Badge size="xs" variant="light">
      {t('ui.content.editor.currentVersion')}
    </Badge>
  );
}
