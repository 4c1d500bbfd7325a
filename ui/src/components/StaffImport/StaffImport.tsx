import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  FileButton,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ImportField,
  ImportFields,
  type ImportMapping,
  type ImportSummary,
  MAX_UPLOAD_FILES,
  type OutputOf,
  type PreviewRow,
} from '@wine/contracts';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, errorMessage, onceKeys, uploadFiles } from '../../api/client.ts';
import { importStatusQuery, invalidateAction, staffAuctionsQuery } from '../../api/queries.ts';
import { AnchorLink } from '../AnchorLink.tsx';
import { ButtonLink } from '../ButtonLink.tsx';
import { confirmDialog } from '../ConfirmDialog/confirm-dialog.tsx';
import { isSvg, useUploadTexts } from '../LotPhotos/LotPhotos.tsx';
import { fromLocalInput, toLocalInput } from '../StaffLots/lot-form.ts';

/** The words of each lot field a column can be mapped to (scores are named by their critic's initials). */
const fieldKeys: Partial<Record<ImportField, string>> = {
  lotNumber: 'ui.staff.import.field_lotNumber',
  title: 'ui.staff.import.field_title',
  producer: 'ui.staff.import.field_producer',
  vintage: 'ui.staff.import.field_vintage',
  country: 'ui.staff.import.field_country',
  region: 'ui.staff.import.field_region',
  subregion: 'ui.staff.import.field_subregion',
  colour: 'ui.staff.import.field_colour',
  bottleSize: 'ui.staff.import.field_bottleSize',
  quantity: 'ui.staff.import.field_quantity',
  openingBid: 'ui.staff.import.field_openingBid',
  reserve: 'ui.staff.import.field_reserve',
  lowEstimate: 'ui.staff.import.field_lowEstimate',
  highEstimate: 'ui.staff.import.field_highEstimate',
  buyNowPrice: 'ui.staff.import.field_buyNowPrice',
  description: 'ui.staff.import.field_description',
  availability: 'ui.staff.import.field_availability',
  startsAt: 'ui.staff.import.field_startsAt',
  closesAt: 'ui.staff.import.field_closesAt',
  fillLevel: 'ui.staff.import.field_fillLevel',
  label: 'ui.staff.import.field_label',
  capsule: 'ui.staff.import.field_capsule',
  packing: 'ui.staff.import.field_packing',
  conditionNotes: 'ui.staff.import.field_conditionNotes',
  titleEs: 'ui.staff.import.field_titleEs',
  descriptionEs: 'ui.staff.import.field_descriptionEs',
};

const actionKeys = {
  create: 'ui.staff.import.action_create',
  update: 'ui.staff.import.action_update',
  unchanged: 'ui.staff.import.action_unchanged',
  refused: 'ui.staff.import.action_refused',
} as const;
const actionColours = { create: 'teal', update: 'blue', unchanged: 'gray', refused: 'red' } as const;
const statusKeys = {
  uploaded: 'ui.staff.import.status_uploaded',
  applying: 'ui.staff.import.status_applying',
  applied: 'ui.staff.import.status_applied',
  reverted: 'ui.staff.import.status_reverted',
} as const;

/** Rows of a preview shown at once (the counts cover them all). */
const SHOWN_ROWS = 200;

type Preview = OutputOf<'importPreview'>;

export interface StaffImportProps {
  importId: string | undefined;
  onImport: (importId: string) => void;
  now: Date;
}

/**
 * /admin/lots/import (admins, issue 33): upload a sheet (uploadXLSXFile), map its columns, preview
 * every row (importPreview), apply once (importApply, one command id per attempt), revert (importRevert).
 */
export function StaffImport({ importId, onImport, now }: StaffImportProps) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const uploadTexts = useUploadTexts();
  const upload = useMutation({
    // The one upload helper (seeds 001 §7 multipart): the sheet as file_upload, with its name.
    mutationFn: (file: File) => uploadFiles('uploadXLSXFile', [file], { file_name: file.name }, uploadTexts),
    onSuccess: (summary) => onImport(summary.importId),
    onError: (error) => setFailure(errorMessage(error)),
  });
  const status = useQuery({
    ...importStatusQuery(importId ?? ''),
    enabled: Boolean(importId),
  });
  return (
    <Container size="xl" py="xl">
      <AnchorLink to="/admin/lots" size="sm">
        ← {t('ui.staff.editor.back')}
      </AnchorLink>
      <Title order={1} mt="xs" mb="sm">
        {t('ui.staff.import.title')}
      </Title>
      <Text size="sm" c="dimmed" maw={760} mb="md">
        {t('ui.staff.import.intro')}
      </Text>
      <Group mb="md">
        <FileButton
          onChange={(file) => {
            setFailure(null);
            if (file) upload.mutate(file);
          }}
          accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        >
          {(props) => (
            <Button
              {...props}
              loading={upload.isPending}
              data-testid="choose-sheet"
              variant={importId ? 'default' : 'filled'}
            >
              {t('ui.staff.import.choose')}
            </Button>
          )}
        </FileButton>
      </Group>
      {failure ? (
        <Alert color="red" role="alert" mb="md" data-testid="import-failure">
          {failure}
        </Alert>
      ) : null}
      {importId && status.isPending ? <Loader aria-label={t('ui.staff.import.loading')} /> : null}
      {status.isError ? <Alert color="red">{errorMessage(status.error)}</Alert> : null}
      {status.data ? <ImportPlan key={status.data.importId} summary={status.data} now={now} /> : null}
    </Container>
  );
}

function ImportPlan({ summary, now }: { summary: ImportSummary; now: Date }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [mapping, setMapping] = useState<ImportMapping>(summary.mapping);
  const [closesAt, setClosesAt] = useState(() =>
    toLocalInput(summary.closesAt ?? dayjs(now).add(7, 'day').hour(18).minute(0).second(0).toISOString()),
  );
  // Issue 33: lot numbers restart in each auction, so the sheet's numbers are one auction's (or no auction's).
  const [auctionId, setAuctionId] = useState<string | null>(null);
  const auctions = useQuery(staffAuctionsQuery({ limit: 100 }));
  const [preview, setPreview] = useState<{ input: string; result: Preview } | null>(null);
  const [shown, setShown] = useState<'all' | PreviewRow['action']>('all');
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const applyKeys = useMemo(() => onceKeys(), []);
  const planInput = { importId: summary.importId, mapping, closesAt: fromLocalInput(closesAt), auctionId };
  const current = JSON.stringify(planInput);
  const stale = preview !== null && preview.input !== current;
  const fieldOptions = [
    { value: '', label: t('ui.staff.import.notImported') },
    ...ImportFields.map((field) => ({
      value: field,
      label: fieldKeys[field] ? t(fieldKeys[field] as 'ui.staff.import.field_title') : field.toUpperCase(),
    })),
  ];

  const runPreview = async () => {
    setFailure(null);
    try {
      setPreview({ input: current, result: await call('importPreview', planInput) });
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };
  const refresh = () =>
    Promise.all([invalidateAction(queryClient, 'importStatus'), invalidateAction(queryClient, 'staffLots')]);
  const apply = (counts: Preview['counts'], targets: Preview['targets']) =>
    confirmDialog({
      title: t('ui.staff.import.applyTitle', { name: summary.fileName }),
      children: <Text size="sm">{t('ui.staff.import.applyConfirm', counts)}</Text>,
      confirmLabel: t('ui.staff.import.apply'),
      confirmTestId: 'confirm-apply',
      onConfirm: async () => {
        const input = { ...planInput, targets };
        try {
          const done = await call('importApply', input, { commandId: applyKeys.keyFor(input) });
          applyKeys.settled(null);
          setResult(t('ui.staff.import.applied', done.counts));
          await refresh();
        } catch (error) {
          applyKeys.settled(error);
          throw error;
        }
      },
    });
  const revert = () =>
    confirmDialog({
      title: t('ui.staff.import.revertTitle', { name: summary.fileName }),
      children: <Text size="sm">{t('ui.staff.import.revertConfirm')}</Text>,
      confirmLabel: t('ui.staff.import.revert'),
      destructive: true,
      confirmTestId: 'confirm-revert',
      onConfirm: async () => {
        const done = await call('importRevert', { importId: summary.importId });
        setResult(t('ui.staff.import.reverted', done));
        await refresh();
      },
    });

  const editable = summary.status === 'uploaded';
  const rows = preview?.result.rows.filter((r) => shown === 'all' || r.action === shown) ?? [];
  return (
    <Stack gap="md">
      <Group gap="sm">
        <Text fw={600} data-testid="import-file">
          {t('ui.staff.import.file', { name: summary.fileName, rows: summary.rowCount })}
        </Text>
        <Badge variant="light" data-testid="import-status">
          {t(statusKeys[summary.status])}
        </Badge>
      </Group>
      {result ? (
        <Alert color="teal" data-testid="import-result">
          {result} <AnchorLink to="/admin/lots">{t('ui.staff.import.viewLots')}</AnchorLink>
        </Alert>
      ) : null}
      <Card withBorder component="section" aria-labelledby="import-mapping">
        <Title order={2} fz="lg" id="import-mapping" mb="sm">
          {t('ui.staff.import.mapping')}
        </Title>
        <Table.ScrollContainer minWidth={320}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('ui.staff.import.column')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('ui.staff.import.sample')}</Table.Th>
                <Table.Th>{t('ui.staff.import.field')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {summary.headers.map((header, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are known by their place
                <Table.Tr key={i} data-testid="import-column">
                  <Table.Td fw={600}>{header || `#${i + 1}`}</Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text size="sm" c="dimmed" lineClamp={1} maw={280}>
                      {summary.sample
                        .slice(0, 2)
                        .map((row) => row[i] ?? '')
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={`${t('ui.staff.import.field')}: ${header || `#${i + 1}`}`}
                      data={fieldOptions}
                      value={mapping[i] ?? ''}
                      disabled={!editable}
                      allowDeselect={false}
                      searchable
                      onChange={(value) =>
                        setMapping((m) =>
                          m.map((f, j) => (j === i ? ((value || null) as ImportField | null) : f)),
                        )
                      }
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group align="flex-end" mt="md">
          <Select
            label={t('ui.staff.import.lotNumbersOf')}
            description={t('ui.staff.import.lotNumbersOfHint')}
            data={[
              { value: '', label: t('ui.staff.import.noAuction') },
              ...(auctions.data?.records ?? []).map((a) => ({ value: a.id, label: a.title })),
            ]}
            value={auctionId ?? ''}
            allowDeselect={false}
            disabled={!editable}
            onChange={(value) => setAuctionId(value ? value : null)}
            data-testid="import-auction"
          />
          <TextInput
            type="datetime-local"
            label={t('ui.staff.import.closesAt')}
            description={t('ui.staff.import.datesHint')}
            value={closesAt}
            disabled={!editable}
            onChange={(event) => setClosesAt(event.currentTarget.value)}
          />
          {editable ? (
            <Button variant="light" onClick={() => void runPreview()} data-testid="preview-import">
              {preview ? t('ui.staff.import.previewAgain') : t('ui.staff.import.preview')}
            </Button>
          ) : null}
        </Group>
      </Card>
      {failure ? (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      ) : null}
      {preview ? (
        <Card withBorder component="section" aria-labelledby="import-preview">
          <Group justify="space-between" mb="sm">
            <Title order={2} fz="lg" id="import-preview">
              {t('ui.staff.import.preview')}
            </Title>
            <Text size="sm" data-testid="import-counts">
              {t('ui.staff.import.counts', preview.result.counts)}
            </Text>
          </Group>
          {stale ? (
            <Alert color="yellow" mb="sm">
              {t('ui.staff.import.previewStale')}
            </Alert>
          ) : null}
          <Select
            mb="sm"
            w={240}
            label={t('ui.staff.import.show')}
            value={shown}
            allowDeselect={false}
            onChange={(value) => setShown((value ?? 'all') as typeof shown)}
            data={[
              { value: 'all', label: t('ui.staff.import.all') },
              ...(['create', 'update', 'unchanged', 'refused'] as const).map((a) => ({
                value: a,
                label: `${t(actionKeys[a])} (${preview.result.counts[a]})`,
              })),
            ]}
          />
          <Table.ScrollContainer minWidth={640}>
            <Table striped data-testid="import-rows">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('ui.staff.import.row')}</Table.Th>
                  <Table.Th>{t('ui.staff.import.action')}</Table.Th>
                  <Table.Th>{t('ui.staff.import.lotNumber')}</Table.Th>
                  <Table.Th>{t('ui.staff.import.lotTitle')}</Table.Th>
                  <Table.Th>{t('ui.staff.import.detail')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.slice(0, SHOWN_ROWS).map((row) => (
                  <Table.Tr key={row.row} data-testid="import-row" data-action={row.action}>
                    <Table.Td>{row.row}</Table.Td>
                    <Table.Td>
                      <Badge color={actionColours[row.action]} variant="light">
                        {t(actionKeys[row.action])}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{row.lotNumber ?? ''}</Table.Td>
                    <Table.Td>{row.title}</Table.Td>
                    <Table.Td>{row.reason ?? row.changed.join(', ')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {rows.length > SHOWN_ROWS ? (
            <Text size="sm" c="dimmed" mt="xs">
              {t('ui.staff.import.more', { count: rows.length - SHOWN_ROWS })}
            </Text>
          ) : null}
          {editable ? (
            <Group justify="flex-end" mt="md">
              <Button
                onClick={() => apply(preview.result.counts, preview.result.targets)}
                disabled={stale || preview.result.counts.create + preview.result.counts.update === 0}
                data-testid="apply-import"
              >
                {t('ui.staff.import.apply')}
              </Button>
            </Group>
          ) : null}
        </Card>
      ) : null}
      {summary.status === 'applied' ? <ImportPhotos importId={summary.importId} /> : null}
      {summary.status === 'applied' ? (
        <Group>
          <Button color="red" variant="light" onClick={revert} data-testid="revert-import">
            {t('ui.staff.import.revert')}
          </Button>
          <ButtonLink to="/admin/lots" variant="default">
            {t('ui.staff.import.viewLots')}
          </ButtonLink>
        </Group>
      ) : null}
    </Stack>
  );
}

/**
 * Photos named after the lot numbers (1-1.jpg, 1_2.jpg), chosen together after the apply: uploaded as
 * the editor uploads photos (a batch at a time), then each joins its lot (attachImportPhotos).
 */
function ImportPhotos({ importId }: { importId: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const texts = useUploadTexts();
  const attach = async (files: File[]) => {
    setOutcome(null);
    if (files.length === 0) return;
    if (files.some(isSvg)) {
      setOutcome({ ok: false, text: t('ui.staff.photos.wrongType') });
      return;
    }
    setBusy(true);
    try {
      const photos: { name: string; fileName: string }[] = [];
      for (let i = 0; i < files.length; i += MAX_UPLOAD_FILES) {
        const batch = files.slice(i, i + MAX_UPLOAD_FILES);
        const stored = await uploadFiles('multipleImageUploader', batch, { folder: 'product' }, texts);
        stored.files.forEach((f, j) => {
          photos.push({ name: batch[j]?.name ?? f.file_name, fileName: f.file_name });
        });
      }
      const done = await call('attachImportPhotos', { importId, photos });
      const unmatched = done.unmatched.length
        ? ` ${t('ui.staff.import.photosUnmatched', { names: done.unmatched.join(', ') })}`
        : '';
      setOutcome({ ok: true, text: `${t('ui.staff.import.photosAttached', done)}${unmatched}` });
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder component="section" aria-labelledby="import-photos">
      <Title order={2} fz="lg" id="import-photos" mb="xs">
        {t('ui.staff.import.photos')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('ui.staff.import.photosHint')}
      </Text>
      <FileButton onChange={(files) => void attach(files)} accept="image/*" multiple>
        {(props) => (
          <Button {...props} variant="light" loading={busy} data-testid="import-photos-button">
            {t('ui.staff.photos.upload')}
          </Button>
        )}
      </FileButton>
      {outcome ? (
        <Alert color={outcome.ok ? 'teal' : 'red'} mt="sm" data-testid="import-photos-result">
          {outcome.text}
        </Alert>
      ) : null}
    </Card>
  );
}
