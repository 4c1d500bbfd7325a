import type { BidSheetSaveInput, BidSheetView } from '@wine/contracts';
import { sheetCost } from '@wine/contracts';
import { dollarsToCents } from '../../lib/format.ts';

/** The either/or groups a sheet offers, by letter (each lot in one at most). */
export const GROUP_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] as const;
export type GroupLetter = (typeof GROUP_LETTERS)[number];

/** The sheet as typed: the limit and each lot's maximum in dollars, each lot's group letter ('' for none). */
export interface SheetDraft {
  limit: string;
  maxes: Record<string, string>;
  groups: Record<string, GroupLetter | ''>;
}

/** Cents as a field shows them: '85.50' for 8550. */
const dollarsOf = (cents: number) => (cents / 100).toFixed(2);

/** The draft of a saved sheet (or an empty one): its limit, maximums and groups as the fields show them. */
export function draftOf(sheet: BidSheetView): SheetDraft {
  const maxes: Record<string, string> = {};
  const groups: Record<string, GroupLetter | ''> = {};
  for (const line of sheet.lines) maxes[line.lot_id] = dollarsOf(line.max);
  for (const [index, group] of sheet.groups.entries()) {
    const letter = GROUP_LETTERS[index];
    if (letter) for (const lotId of group.lot_ids) groups[lotId] = letter;
  }
  return { limit: sheet.status === 'none' ? '' : dollarsOf(sheet.limit), maxes, groups };
}

/** A typed amount in cents; NaN when it is not dollars and cents, so the contract's message says so. */
const centsOf = (text: string) => dollarsToCents(text) ?? Number.NaN;

/**
 * The save's input from the draft: a line for each lot with a maximum typed (in catalogue order), the
 * groups of two lots or more by letter (a lot grouped without a maximum is sent too, so the contract
 * names it), amounts in cents.
 */
export function inputOf(auctionId: string, draft: SheetDraft, lotIds: readonly string[]): BidSheetSaveInput {
  const typed = lotIds.filter((lotId) => (draft.maxes[lotId] ?? '').trim() !== '');
  const groups = GROUP_LETTERS.map((letter) =>
    lotIds.filter((lotId) => draft.groups[lotId] === letter),
  ).filter((group) => group.length > 0);
  return {
    auction_id: auctionId,
    limit: centsOf(draft.limit),
    lines: typed.map((lotId) => ({ lot_id: lotId, max: centsOf(draft.maxes[lotId] ?? '') })),
    groups: groups.map((lotIds) => ({ lot_ids: lotIds })),
  };
}

/** What the draft would cost if every lot were won at its maximum, with the premium (the valid amounts only). */
export function totalWithPremium(draft: SheetDraft, premiumPercent: number): number {
  let total = 0;
  for (const text of Object.values(draft.maxes)) {
    const cents = dollarsToCents(text);
    if (cents !== null && cents > 0) total += sheetCost(cents, premiumPercent);
  }
  return total;
}

/** The problems of a save, where the page shows them: the limit, a lot's row, a group, or the whole form. */
export interface SheetProblems {
  limit?: string;
  lots: Record<string, string>;
  groups: Partial<Record<GroupLetter, string>>;
  form?: string;
}

export const noProblems = (): SheetProblems => ({ lots: {}, groups: {} });

/** The letter of the input's `index`-th group (groups are sent in letter order, empty ones left out). */
function letterOf(draft: SheetDraft, lotIds: readonly string[], index: number): GroupLetter | undefined {
  const used = GROUP_LETTERS.filter((letter) => lotIds.some((lotId) => draft.groups[lotId] === letter));
  return used[index];
}

/**
 * Where an issue of the input (`path` as zod or the server's `field` names it: `lines.2.max`) goes: the
 * limit, the row of the lot it names, or a group.
 */
export function placeProblem(
  problems: SheetProblems,
  path: readonly (string | number)[],
  message: string,
  input: BidSheetSaveInput,
  draft: SheetDraft,
  lotIds: readonly string[],
): void {
  const [head, index, , at] = path;
  if (head === 'limit') problems.limit ??= message;
  else if (head === 'lines' && typeof index === 'number') {
    const lotId = input.lines[index]?.lot_id;
    if (lotId) problems.lots[lotId] ??= message;
    else problems.form ??= message;
  } else if (head === 'groups' && typeof index === 'number') {
    const lotId = typeof at === 'number' ? input.groups?.[index]?.lot_ids[at] : undefined;
    const letter = letterOf(draft, lotIds, index);
    if (lotId) problems.lots[lotId] ??= message;
    else if (letter) problems.groups[letter] ??= message;
    else problems.form ??= message;
  } else problems.form ??= message;
}

/** A server's field (`lines.2.max`) as a path. */
export const pathOf = (field: string): (string | number)[] =>
  field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
