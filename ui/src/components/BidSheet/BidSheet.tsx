import { Alert, Button, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type BidSheetLineView, BidSheetSaveInput, type BidSheetView, type LotView } from '@wine/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, callForMessage, errorMessage, messageOr } from '../../api/client.ts';
import { invalidateAction } from '../../api/queries.ts';
import { formatMoney } from '../../lib/format.ts';
import { useAddCardFirst } from '../../lib/use-add-card-first.ts';
import { confirmDialog } from '../ConfirmDialog/confirm-dialog.tsx';
import classes from './BidSheet.module.css';
import { LimitSummary, LineStatus } from './BidSheetStatus.tsx';
import {
  draftOf,
  GROUP_LETTERS,
  type GroupLetter,
  inputOf,
  noProblems,
  pathOf,
  placeProblem,
  type SheetDraft,
  type SheetProblems,
  totalWithPremium,
} from './bid-sheet-form.ts';

export interface BidSheetProps {
  auctionId: string;
  auctionTitle: string;
  /** The auction's lots that take bids now, in catalogue order. */
  lots: LotView[];
  /** The bidder's sheet (status `none` when they left none). */
  sheet: BidSheetView;
  /** The buyer's premium, percent: the limit and the running total count it. */
  premiumPercent: number;
}

/** One row of the table: an open lot of the auction, or a line of a sheet that no longer changes. */
interface Row {
  lotId: string;
  number: string;
  title: string;
  nextBid: number | null;
  line: BidSheetLineView | null;
}

function rowsOf(lots: readonly LotView[], sheet: BidSheetView, editable: boolean): Row[] {
  const lines = new Map(sheet.lines.map((line) => [line.lot_id, line]));
  if (!editable)
    return sheet.lines.map((line) => ({
      lotId: line.lot_id,
      number: line.lot_number ?? '',
      title: line.title,
      nextBid: lots.find((lot) => lot.id === line.lot_id)?.next_bid ?? null,
      line,
    }));
  return lots.map((lot) => ({
    lotId: lot.id,
    number: lot.custitemlot_number ?? '',
    title: lot.title,
    nextBid: lot.next_bid,
    line: lines.get(lot.id) ?? null,
  }));
}

/** The server's complaints (its field, or each issue of a refused input) where the page shows them. */
function serverProblems(error: ApiError, input: BidSheetSaveInput, draft: SheetDraft, lotIds: string[]) {
  const problems = noProblems();
  const data = error.responseData as {
    field?: unknown;
    issues?: { field?: unknown; message?: unknown }[];
  } | null;
  const issues = data?.issues?.length
    ? data.issues
    : typeof data?.field === 'string'
      ? [{ field: data.field, message: error.message }]
      : [];
  for (const issue of issues) {
    if (typeof issue.field === 'string' && typeof issue.message === 'string')
      placeProblem(problems, pathOf(issue.field), issue.message, input, draft, lotIds);
  }
  if (issues.length === 0) problems.form = error.message;
  return problems;
}

/**
 * Issue 37 §6: the bidder's bid sheet for one auction: a maximum on each lot they want (in dollars),
 * either/or groups by letter, and a limit counted with the buyer's premium; the running total at every
 * maximum with the premium. Once saved, each line's status and what remains of the limit; once the
 * house placed a line the sheet no longer changes, and can be cancelled.
 */
export function BidSheet({ auctionId, auctionTitle, lots, sheet, premiumPercent }: BidSheetProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const addCardFirst = useAddCardFirst();
  const [draft, setDraft] = useState<SheetDraft>(() => draftOf(sheet));
  const [problems, setProblems] = useState<SheetProblems>(noProblems);
  const [answer, setAnswer] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const editable = !sheet.locked && sheet.status !== 'cancelled';
  const rows = rowsOf(lots, sheet, editable);
  const lotIds = lots.map((lot) => lot.id);
  const total = totalWithPremium(draft, premiumPercent);
  const limit = inputOf(auctionId, draft, lotIds).limit;

  const setMax = (lotId: string, value: string) =>
    setDraft((d) => ({ ...d, maxes: { ...d.maxes, [lotId]: value } }));
  const setGroup = (lotId: string, value: string) =>
    setDraft((d) => ({ ...d, groups: { ...d.groups, [lotId]: value as GroupLetter | '' } }));
  const reload = () => invalidateAction(queryClient, 'bidSheetGet', { auction_id: auctionId });

  const save = async () => {
    setAnswer(null);
    const input = inputOf(auctionId, draft, lotIds);
    const parsed = BidSheetSaveInput.safeParse(input);
    if (!parsed.success) {
      const found = noProblems();
      for (const issue of parsed.error.issues)
        placeProblem(found, issue.path as (string | number)[], issue.message, input, draft, lotIds);
      setProblems(found);
      return;
    }
    setProblems(noProblems());
    setSaving(true);
    try {
      const { message } = await callForMessage('bidSheetSave', input);
      setAnswer(messageOr(message, t('ui.bidSheet.saved')));
      await reload();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'ADD_CARD') addCardFirst(error.message);
      else if (error instanceof ApiError) setProblems(serverProblems(error, input, draft, lotIds));
      else setProblems({ ...noProblems(), form: errorMessage(error) });
      if (error instanceof ApiError && error.code === 'BIDSHEET_LOCKED') await reload();
    } finally {
      setSaving(false);
    }
  };

  const cancel = () =>
    confirmDialog({
      title: t('ui.bidSheet.cancelTitle'),
      confirmLabel: t('ui.bidSheet.cancelConfirm'),
      confirmTestId: 'confirm-cancel-sheet',
      destructive: true,
      children: <Text size="sm">{t('ui.bidSheet.cancelBody')}</Text>,
      onConfirm: async () => {
        const { message } = await callForMessage('bidSheetCancel', { auction_id: auctionId });
        setAnswer(messageOr(message, t('ui.bidSheet.cancelled')));
        await reload();
      },
    });

  const groupProblems = Object.entries(problems.groups);
  const hasProblems =
    problems.limit !== undefined || Object.keys(problems.lots).length > 0 || groupProblems.length > 0;
  return (
    <Stack gap="lg" data-testid="bid-sheet">
      <Title order={1}>{t('ui.bidSheet.title', { auction: auctionTitle })}</Title>
      <Text>{t('ui.bidSheet.intro', { premium: premiumPercent })}</Text>
      {sheet.status !== 'none' ? <LimitSummary sheet={sheet} /> : null}
      {sheet.status === 'cancelled' ? (
        <Alert color="gray" data-testid="sheet-cancelled">
          {t('ui.bidSheet.cancelled')}
        </Alert>
      ) : sheet.locked ? (
        <Alert color="blue" data-testid="sheet-locked">
          {t('ui.bidSheet.locked')}
        </Alert>
      ) : null}
      {answer ? (
        <Alert color="green" role="status" data-testid="sheet-answer">
          {answer}
        </Alert>
      ) : null}
      <form
        noValidate
        aria-label={t('ui.bidSheet.pageTitle')}
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="md">
          {editable ? (
            <TextInput
              label={t('ui.bidSheet.limit')}
              description={t('ui.bidSheet.limitHint')}
              leftSection="$"
              inputMode="decimal"
              value={draft.limit}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setDraft((d) => ({ ...d, limit: value }));
              }}
              error={problems.limit}
              className={classes.limit}
              data-testid="sheet-limit-input"
            />
          ) : null}
          {rows.length === 0 ? (
            <Text c="dimmed" data-testid="sheet-no-lots">
              {t('ui.bidSheet.noLots')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="xs" data-testid="sheet-lines">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('ui.bidSheet.lot')}</Table.Th>
                    <Table.Th>{t('ui.bidSheet.wine')}</Table.Th>
                    <Table.Th>{t('ui.bidSheet.nextBid')}</Table.Th>
                    <Table.Th>{t('ui.bidSheet.max')}</Table.Th>
                    <Table.Th>{t('ui.bidSheet.group')}</Table.Th>
                    {sheet.status !== 'none' ? <Table.Th>{t('ui.bidSheet.status')}</Table.Th> : null}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.lotId} data-testid={`sheet-row-${row.lotId}`}>
                      <Table.Td>{row.number}</Table.Td>
                      <Table.Td className={classes.title}>{row.title}</Table.Td>
                      <Table.Td>{row.nextBid !== null ? formatMoney(row.nextBid) : ''}</Table.Td>
                      <Table.Td>
                        {editable ? (
                          <TextInput
                            aria-label={t('ui.bidSheet.maxLabel', { number: row.number })}
                            leftSection="$"
                            inputMode="decimal"
                            size="xs"
                            value={draft.maxes[row.lotId] ?? ''}
                            onChange={(event) => setMax(row.lotId, event.currentTarget.value)}
                            error={problems.lots[row.lotId]}
                            className={classes.max}
                          />
                        ) : (
                          formatMoney(row.line?.max ?? 0)
                        )}
                      </Table.Td>
                      <Table.Td>
                        {editable ? (
                          <NativeSelect
                            aria-label={t('ui.bidSheet.groupLabel', { number: row.number })}
                            size="xs"
                            value={draft.groups[row.lotId] ?? ''}
                            onChange={(event) => setGroup(row.lotId, event.currentTarget.value)}
                            data={[
                              { value: '', label: t('ui.bidSheet.noGroup') },
                              ...GROUP_LETTERS.map((letter) => ({
                                value: letter,
                                label: t('ui.bidSheet.groupOption', { letter }),
                              })),
                            ]}
                          />
                        ) : (
                          groupLabel(row.line)
                        )}
                      </Table.Td>
                      {sheet.status !== 'none' ? (
                        <Table.Td>{row.line ? <LineStatus line={row.line} /> : null}</Table.Td>
                      ) : null}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {editable ? (
            <Text size="sm" c="dimmed">
              {t('ui.bidSheet.groupHint')}
            </Text>
          ) : null}
          {editable ? (
            <Stack gap={4}>
              <Text fw={600} data-testid="sheet-total">
                {t('ui.bidSheet.total', { total: formatMoney(total) })}
              </Text>
              {Number.isSafeInteger(limit) && limit > 0 && total > limit ? (
                <Text size="sm" data-testid="sheet-capped">
                  {t('ui.bidSheet.totalCapped', { limit: formatMoney(limit) })}
                </Text>
              ) : null}
            </Stack>
          ) : null}
          {groupProblems.map(([letter, message]) => (
            <Text key={letter} c="red.8" size="sm" role="alert" data-testid={`group-problem-${letter}`}>
              {t('ui.bidSheet.errors.group', { letter, message })}
            </Text>
          ))}
          {problems.form ? (
            <Text c="red.8" role="alert" data-testid="sheet-problem">
              {problems.form}
            </Text>
          ) : hasProblems ? (
            <Text c="red.8" role="alert" data-testid="sheet-problem">
              {t('ui.bidSheet.errors.fix')}
            </Text>
          ) : null}
          <Group gap="sm">
            {editable ? (
              <Button type="submit" loading={saving} data-testid="save-sheet">
                {t('ui.bidSheet.save')}
              </Button>
            ) : null}
            {sheet.status === 'active' ? (
              <Button variant="default" color="red" onClick={cancel} data-testid="cancel-sheet">
                {t('ui.bidSheet.cancel')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

/** A saved line's group, as its letter ('' for none). */
function groupLabel(line: BidSheetLineView | null): string {
  const letter = line?.group !== null && line?.group !== undefined ? GROUP_LETTERS[line.group] : undefined;
  return letter ?? '';
}
