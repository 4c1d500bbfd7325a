import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  FileButton,
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
  type Language,
  MAX_PAGE_FILE_BYTES,
  type PageContentType,
  PublishPageInput,
  pageInLanguage,
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
import { TextArea } from '../FormFields/TextArea.tsx';
import { pageFileUrl, StaticPageArticle } from '../StaticPage/StaticPage.tsx';
import { ContentTable } from './ContentTable.tsx';
import { uploadUrl, useContentUpload, usePageFileUpload } from './content-upload.ts';

// tiptap and its toolbar load with this screen only, never with the storefront (issue 11).
const PageHtmlEditor = lazy(() => import('./PageHtmlEditor.tsx'));

/** An image's first alternative text, from its file name: no extension, words apart. */
const altOf = (fileName: string): string =>
  fileName
    .replace(/\.[^.]*$/, '')
    .replace(/[-_]+/g, ' ')
    .trim();

const publicIds: ReadonlySet<string> = new Set(knownPageIds);

/** What the editor holds in one language: the fields an admin publishes. */
interface PageText {
  title: string;
  meta_description: string;
  content: string;
  /** A PDF page's file (its stored name), or null. */
  file_path: string | null;
}
/** The page as edited: its kind (HTML or a PDF), in English and in Spanish (issue 34 §2). */
interface Draft {
  kind: PageContentType;
  en: PageText;
  es: PageText;
}
type Field = keyof PageText;
const fields: readonly Field[] = ['title', 'meta_description', 'content', 'file_path'];
/** A field of one language: 'en.title', 'es.content'. */
type FieldKey = `${Language}.${Field}`;

const untranslated: PageText = { title: '', meta_description: '', content: '', file_path: null };

const draftOf = (version: StaffPageVersion | undefined): Draft => ({
  kind: version?.content_type ?? 'html',
  en: {
    title: version?.title ?? '',
    meta_description: version?.meta_description ?? '',
    content: version?.content ?? '',
    file_path: version?.file_path ?? null,
  },
  es: version?.spanish ? { ...version.spanish } : untranslated,
});

/**
 * The field a refusal names, when it is one of ours: the contract's issue path (['spanish', 'title'])
 * or the server's envelope ('spanish.title') names a Spanish field, any other an English one.
 */
function fieldKeyOf(path: readonly unknown[]): FieldKey | undefined {
  const [first, second] = path;
  const [language, name] = first === 'spanish' ? (['es', second] as const) : (['en', first] as const);
  const field = fields.find((f) => f === name);
  return field ? `${language}.${field}` : undefined;
}

/** The Spanish version to publish: null when nothing is written in Spanish (English everywhere). */
function spanishOf(draft: Draft) {
  const { es } = draft;
  const file_path = draft.kind === 'file' ? es.file_path : null;
  const written = [es.title, es.meta_description, es.content].some((v) => v.trim()) || file_path;
  return written
    ? { title: es.title, meta_description: es.meta_description, content: es.content, file_path }
    : null;
}

/** What Publish sends: the page's kind, its English fields and its Spanish version. */
function inputOf(id: string, draft: Draft) {
  const { en } = draft;
  const common = { id, title: en.title, meta_description: en.meta_description, spanish: spanishOf(draft) };
  return draft.kind === 'file'
    ? { ...common, content_type: 'file' as const, file_path: en.file_path ?? '', content: en.content }
    : { ...common, content_type: 'html' as const, content: en.content };
}

/**
 * /admin/pages/:id (admins, issue 34 §2 "Content"): a page's title, meta description and body in
 * English and, optionally, in Spanish (a field left empty shows the English one). The body is HTML,
 * written in a rich-text editor (images uploaded into 'templates') or as HTML, or a PDF uploaded into
 * the static-files folder (with optional text above it). A preview as the storefront will show it in
 * the language chosen; Publish; and the versions published, any of which can be loaded back (both
 * languages) to publish again.
 */
export function StaffPageEditor({ id, versions }: { id: string; versions: StaffPageVersion[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  const [draft, setDraft] = useState<Draft>(() => draftOf(versions[0]));
  const [language, setLanguage] = useState<Language>('en');
  const [mode, setMode] = useState<'visual' | 'html'>('visual');
  const [errors, setErrors] = useState<Partial<Record<FieldKey, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [uploadFailure, setUploadFailure] = useState<string | null>(null);
  const [fileFailure, setFileFailure] = useState<string | null>(null);
  const [uploadingFile, setUploadingFile] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const contentLabel = useId();
  const uploadImage = useContentUpload('templates');
  const uploadPdf = usePageFileUpload();
  const current = versions[0];
  const text = draft[language];
  const spanish = language === 'es';
  const isFile = draft.kind === 'file';
  const error = (field: Field) => errors[`${language}.${field}`];
  const megabytes = MAX_PAGE_FILE_BYTES / 1024 / 1024;

  const change = (field: Field, value: string | null) => {
    setDraft((before) => ({ ...before, [language]: { ...before[language], [field]: value } }));
    setErrors((before) => ({ ...before, [`${language}.${field}`]: undefined }));
    setDone(null);
  };

  const changeKind = (kind: PageContentType) => {
    setDraft((before) => ({ ...before, kind }));
    setErrors({});
    setDone(null);
  };

  const pickPdf = async (file: File | null) => {
    if (!file) return;
    setFileFailure(null);
    setUploadingFile(true);
    try {
      change('file_path', await uploadPdf(file));
    } catch (failed) {
      setFileFailure(errorMessage(failed));
    } finally {
      setUploadingFile(false);
    }
  };

  /** Shows the refusals, in the language of the first one (the other language's fields are hidden). */
  const refuse = (found: Partial<Record<FieldKey, string>>) => {
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first?.startsWith('es.')) setLanguage('es');
    else if (first?.startsWith('en.')) setLanguage('en');
  };

  const publish = async () => {
    setFailure(null);
    setDone(null);
    const parsed = PublishPageInput.safeParse(inputOf(id, draft));
    if (!parsed.success) {
      const found: Partial<Record<FieldKey, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = fieldKeyOf(issue.path);
        if (key && !found[key]) found[key] = issue.message;
      }
      if (found['en.content'] !== undefined && !draft.en.content.trim())
        found['en.content'] = t('ui.content.editor.required');
      if (found['en.file_path'] !== undefined && !draft.en.file_path)
        found['en.file_path'] = t('ui.content.editor.pdfRequired');
      refuse(found);
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
        // Every language's copy of the page (keyed by id and language: the id matches them all).
        invalidateAction(queryClient, 'getStaticPage', { id }),
      ]);
    } catch (failed) {
      const data = failed instanceof ApiError ? (failed.responseData as { field?: unknown } | null) : null;
      const key = typeof data?.field === 'string' ? fieldKeyOf(data.field.split('.')) : undefined;
      if (key) refuse({ [key]: errorMessage(failed) });
      else setFailure(errorMessage(failed));
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
    ...pageInLanguage(
      {
        ...draft.en,
        content_type: draft.kind,
        spanish: spanishOf(draft),
      },
      language,
    ),
    updated_at: new Date().toISOString(),
  };

  const label = (english: string, inSpanish: string) => (spanish ? inSpanish : english);

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
              <Group gap="md" align="flex-end">
                <Input.Wrapper label={t('ui.content.editor.kind')} labelElement="div">
                  <SegmentedControl
                    display="flex"
                    aria-label={t('ui.content.editor.kind')}
                    value={draft.kind}
                    onChange={(value) => changeKind(value === 'file' ? 'file' : 'html')}
                    data={[
                      { value: 'html', label: t('ui.content.editor.kindHtml') },
                      { value: 'file', label: t('ui.content.editor.kindFile') },
                    ]}
                    data-testid="page-kind"
                  />
                </Input.Wrapper>
                <Input.Wrapper label={t('ui.content.editor.language')} labelElement="div">
                  <SegmentedControl
                    display="flex"
                    aria-label={t('ui.content.editor.language')}
                    value={language}
                    onChange={(value) => setLanguage(value === 'es' ? 'es' : 'en')}
                    data={[
                      { value: 'en', label: t('ui.content.editor.english') },
                      { value: 'es', label: t('ui.content.editor.spanish') },
                    ]}
                    data-testid="page-language"
                  />
                </Input.Wrapper>
              </Group>
              {spanish ? (
                <Text size="sm" c="dimmed" data-testid="page-spanish-hint">
                  {t('ui.content.editor.spanishHint')}
                </Text>
              ) : null}
              <TextInput
                label={label(t('ui.content.editor.title'), t('ui.content.editor.titleEs'))}
                required={!spanish}
                maxLength={200}
                lang={language}
                value={text.title}
                placeholder={spanish ? draft.en.title : undefined}
                onChange={(event) => change('title', event.currentTarget.value)}
                error={error('title')}
                data-testid="page-title"
              />
              <TextArea
                label={label(
                  t('ui.content.editor.metaDescription'),
                  t('ui.content.editor.metaDescriptionEs'),
                )}
                description={t('ui.content.editor.metaHint')}
                maxLength={300}
                resize="vertical"
                lang={language}
                value={text.meta_description}
                onChange={(event) => change('meta_description', event.currentTarget.value)}
                error={error('meta_description')}
                data-testid="page-meta"
              />
              {isFile ? (
                <Input.Wrapper
                  labelElement="div"
                  label={label(t('ui.content.editor.file'), t('ui.content.editor.fileEs'))}
                  required={!spanish}
                  description={t('ui.content.editor.pdfHint', { megabytes })}
                  error={error('file_path')}
                >
                  <Group gap="sm" mt={4} wrap="wrap">
                    {text.file_path ? (
                      <Anchor
                        href={pageFileUrl(text.file_path)}
                        target="_blank"
                        data-testid="page-file"
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        {t('ui.content.editor.openPdf', { name: text.file_path })}
                      </Anchor>
                    ) : (
                      <Text size="sm" c="dimmed" data-testid="page-no-file">
                        {spanish ? t('ui.content.editor.noFileEs') : t('ui.content.editor.noFile')}
                      </Text>
                    )}
                    <FileButton onChange={(file) => void pickPdf(file)} accept="application/pdf,.pdf">
                      {(props) => (
                        <Button
                          {...props}
                          size="xs"
                          variant="default"
                          loading={uploadingFile}
                          data-testid="page-upload-pdf"
                        >
                          {text.file_path
                            ? t('ui.content.editor.replacePdf')
                            : t('ui.content.editor.uploadPdf')}
                        </Button>
                      )}
                    </FileButton>
                    {spanish && text.file_path ? (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => change('file_path', null)}
                      >
                        {t('ui.content.editor.removePdf')}
                      </Button>
                    ) : null}
                  </Group>
                  {fileFailure ? (
                    <Alert color="red" role="alert" mt="xs" data-testid="page-file-failure">
                      {fileFailure}
                    </Alert>
                  ) : null}
                </Input.Wrapper>
              ) : null}
              <Input.Wrapper
                labelElement="div"
                label={
                  <span id={contentLabel}>
                    {isFile
                      ? label(t('ui.content.editor.intro'), t('ui.content.editor.introEs'))
                      : label(t('ui.content.editor.content'), t('ui.content.editor.contentEs'))}
                  </span>
                }
                error={error('content')}
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
                      aria-label={label(t('ui.content.editor.htmlLabel'), t('ui.content.editor.htmlLabelEs'))}
                      description={t('ui.content.editor.htmlHint')}
                      rows={14}
                      resize="vertical"
                      lang={language}
                      value={text.content}
                      onChange={(event) => change('content', event.currentTarget.value)}
                      styles={{ input: { fontFamily: 'monospace' } }}
                      data-testid="page-html"
                    />
                  ) : (
                    <Suspense
                      fallback={
                        <Skeleton
                          height={260}
                          role="status"
                          aria-label={t('ui.content.editor.loadingEditor')}
                        />
                      }
                    >
                      <PageHtmlEditor
                        // One editor per language: its history (undo) and its changes stay with that text.
                        key={language}
                        value={text.content}
                        onChange={(html) => change('content', html)}
                        labelledBy={contentLabel}
                        onImageUpload={async (file) => {
                          setUploadFailure(null);
                          const src = uploadUrl('templates', await uploadImage(file));
                          // The file's name as its first alternative text ("cellar-door.jpg": "cellar door").
                          return { src, alt: altOf(file.name) };
                        }}
                        onImageUploadError={(failed) => setUploadFailure(errorMessage(failed))}
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
                  {spanish ? t('ui.content.editor.previewEs') : t('ui.content.editor.preview')}
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
        title={spanish ? t('ui.content.editor.previewEs') : t('ui.content.editor.previewTitle')}
        size="xl"
        closeButtonProps={{ 'aria-label': t('ui.common.close') }}
      >
        <div data-testid="page-preview-body" lang={language}>
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
