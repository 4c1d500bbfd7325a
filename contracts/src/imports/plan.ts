import { z } from 'zod';
import {
  CapsuleConditions,
  Colours,
  CreateLotInput,
  FillLevels,
  LabelConditions,
  Packings,
  ScoreKeys,
  UpdateLotInput,
} from '../lots/lot-inputs.ts';
import type { StaffLotFields } from '../staff-lots/actions.ts';

/** The lot fields a spreadsheet's columns can be mapped to (issue 33 "Spreadsheet import"). */
export const ImportFields = [
  'lotNumber',
  'title',
  'producer',
  'vintage',
  'country',
  'region',
  'subregion',
  'colour',
  'bottleSize',
  'quantity',
  'openingBid',
  'reserve',
  'lowEstimate',
  'highEstimate',
  'buyNowPrice',
  'description',
  'availability',
  'startsAt',
  'closesAt',
  'fillLevel',
  'label',
  'capsule',
  'packing',
  'conditionNotes',
  'titleEs',
  'descriptionEs',
  ...ScoreKeys,
] as const;
export type ImportField = (typeof ImportFields)[number];

/** Each column's field, in the columns' order; null: the column is not imported. */
export const ImportMapping = z.array(z.enum(ImportFields).nullable()).max(100);
export type ImportMapping = z.infer<typeof ImportMapping>;

/** The words a header is known by, once lower-cased with everything but letters and digits removed. */
const synonyms: Record<string, ImportField> = {
  lot: 'lotNumber',
  lotno: 'lotNumber',
  lotnumber: 'lotNumber',
  title: 'title',
  name: 'title',
  wine: 'title',
  producer: 'producer',
  vintage: 'vintage',
  year: 'vintage',
  country: 'country',
  region: 'region',
  subregion: 'subregion',
  appellation: 'subregion',
  colour: 'colour',
  color: 'colour',
  bottlesize: 'bottleSize',
  size: 'bottleSize',
  format: 'bottleSize',
  quantity: 'quantity',
  qty: 'quantity',
  bottles: 'quantity',
  openingbid: 'openingBid',
  opening: 'openingBid',
  startingbid: 'openingBid',
  reserve: 'reserve',
  lowestimate: 'lowEstimate',
  estimatelow: 'lowEstimate',
  low: 'lowEstimate',
  highestimate: 'highEstimate',
  estimatehigh: 'highEstimate',
  high: 'highEstimate',
  buynow: 'buyNowPrice',
  buynowprice: 'buyNowPrice',
  price: 'buyNowPrice',
  description: 'description',
  availability: 'availability',
  opens: 'startsAt',
  startsat: 'startsAt',
  startdate: 'startsAt',
  closes: 'closesAt',
  closesat: 'closesAt',
  closedate: 'closesAt',
  enddate: 'closesAt',
  fill: 'fillLevel',
  filllevel: 'fillLevel',
  ullage: 'fillLevel',
  label: 'label',
  capsule: 'capsule',
  packing: 'packing',
  case: 'packing',
  condition: 'conditionNotes',
  conditionnotes: 'conditionNotes',
  titlees: 'titleEs',
  spanishtitle: 'titleEs',
  descriptiones: 'descriptionEs',
  spanishdescription: 'descriptionEs',
  ...Object.fromEntries(ScoreKeys.map((key) => [key, key])),
};

const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The mapping suggested for a sheet's headers: each known header to its field, each field once. */
export function suggestMapping(headers: readonly string[]): ImportMapping {
  const used = new Set<ImportField>();
  return headers.map((header) => {
    const field = synonyms[headerKey(header)];
    if (!field || used.has(field)) return null;
    used.add(field);
    return field;
  });
}

/** A lot already in the catalogue under a row's lot number. */
export interface ExistingLot {
  lotId: string;
  fields: StaffLotFields;
  bidCount: number;
  /** Only an open (or not yet started) lot can be changed. */
  open: boolean;
}

/** What an import does with one row: its number in the sheet (the header is row 1). */
export type PlannedRow =
  | {
      row: number;
      action: 'create';
      lotNumber: string | null;
      title: string;
      input: z.output<typeof CreateLotInput>;
    }
  | {
      row: number;
      action: 'update';
      lotNumber: string;
      title: string;
      lotId: string;
      changes: Omit<z.output<typeof UpdateLotInput>, 'id'>;
      /** The changed fields' values before (what a revert sets back). */
      before: Record<string, unknown>;
    }
  | { row: number; action: 'unchanged'; lotNumber: string; title: string; lotId: string }
  | { row: number; action: 'refused'; lotNumber: string | null; title: string; reason: string };

export interface ImportDefaults {
  /** The close of rows without one (an ISO date-time). */
  closesAt: string;
  startsAt?: string;
}

class CellError extends Error {}

const moneyOf = (text: string): number => {
  const clean = text.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) throw new CellError(`"${text}" is not an amount`);
  return Math.round(Number(clean) * 100);
};
const wholeOf = (text: string): number => {
  if (!/^\d+$/.test(text.trim())) throw new CellError(`"${text}" is not a whole number`);
  return Number(text.trim());
};
const dateOf = (text: string): string => {
  const trimmed = text.trim();
  // A date without an offset (as spreadsheets write them) is read as UTC.
  const iso = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/.test(trimmed)
    ? `${trimmed.replace(' ', 'T')}${trimmed.length === 10 ? 'T00:00:00' : ''}Z`
    : trimmed;
  const time = Date.parse(iso);
  if (Number.isNaN(time)) throw new CellError(`"${text}" is not a date`);
  return new Date(time).toISOString();
};
const oneOf = <T extends string>(
  list: readonly T[],
  words: Record<string, T>,
  text: string,
  what: string,
): T => {
  const key = headerKey(text);
  const found = list.find((v) => headerKey(v) === key) ?? words[key];
  if (!found) throw new CellError(`"${text}" is not a ${what} (${list.join(', ')})`);
  return found;
};
const fillWords: Record<string, (typeof FillLevels)[number]> = {
  highfill: 'hf',
  intoneck: 'in',
  topshoulder: 'ts',
  highshoulder: 'hs',
  midshoulder: 'ms',
  lowmidshoulder: 'lms',
  lowshoulder: 'ls',
};
const colourWords: Record<string, (typeof Colours)[number]> = {
  rose: 'Rosé',
  sweet: 'Dessert',
  port: 'Fortified',
};
const packingWords: Record<string, (typeof Packings)[number]> = {
  originalwoodencase: 'owc',
  originalcarton: 'oc',
  loose: 'none',
};

/** One row's mapped cells as lot values (money in cents); a cell that does not read throws CellError. */
function valuesOf(cells: readonly string[], mapping: ImportMapping) {
  const v: Partial<Record<ImportField, string>> = {};
  mapping.forEach((field, i) => {
    const cell = (cells[i] ?? '').trim();
    if (field && cell !== '') v[field] = cell;
  });
  const out: Record<string, unknown> = {};
  const read = (field: ImportField, parse: (text: string) => unknown) => {
    const text = v[field];
    if (text === undefined) return;
    try {
      out[field] = parse(text);
    } catch (error) {
      if (error instanceof CellError) throw new CellError(`${field}: ${error.message}`);
      throw error;
    }
  };
  for (const field of [
    'lotNumber',
    'title',
    'producer',
    'country',
    'region',
    'subregion',
    'bottleSize',
  ] as const)
    read(field, (t) => t);
  for (const field of ['description', 'availability', 'conditionNotes', 'titleEs', 'descriptionEs'] as const)
    read(field, (t) => t);
  read('vintage', (t) => (/^nv$/i.test(t) ? null : wholeOf(t)));
  read('colour', (t) => oneOf(Colours, colourWords, t, 'colour'));
  read('quantity', wholeOf);
  for (const field of ['openingBid', 'reserve', 'lowEstimate', 'highEstimate', 'buyNowPrice'] as const)
    read(field, moneyOf);
  read('startsAt', dateOf);
  read('closesAt', dateOf);
  read('fillLevel', (t) => oneOf(FillLevels, fillWords, t, 'fill level'));
  read('label', (t) => oneOf(LabelConditions, {}, t, 'label condition'));
  read('capsule', (t) => oneOf(CapsuleConditions, {}, t, 'capsule condition'));
  read('packing', (t) => oneOf(Packings, packingWords, t, 'packing'));
  const scores = Object.fromEntries(
    ScoreKeys.filter((k) => v[k] !== undefined).map((k) => [k, v[k] as string]),
  );
  return { out, scores, mapped: new Set(Object.keys(v) as ImportField[]) };
}

/** The first issue of a refused input, as a row's reason. */
const reasonOf = (error: z.ZodError) => {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || 'row'}: ${issue.message}` : 'not a lot';
};

const conditionFields = ['fillLevel', 'label', 'capsule', 'packing', 'conditionNotes'] as const;

/**
 * Plans every row of a sheet before anything is written (issue 33): a row whose lot number names a
 * lot in the catalogue updates the fields its columns map (unchanged when none differ), any other row
 * creates a lot; a row is refused with its reason when a cell does not read, the lot it would make or
 * change breaks a rule of the lot's contract, its lot number was on an earlier row, or the lot it names
 * is closed or has bids on what it would change. Pure: the same sheet, mapping and catalogue plan the same.
 */
export function planImport(
  rows: readonly (readonly string[])[],
  mapping: ImportMapping,
  defaults: ImportDefaults,
  existing: ReadonlyMap<string, ExistingLot>,
): PlannedRow[] {
  const seen = new Map<string, number>();
  return rows.map((cells, index): PlannedRow => {
    const row = index + 2;
    const lotNumberCell = mapping.indexOf('lotNumber');
    const lotNumber = lotNumberCell >= 0 ? (cells[lotNumberCell] ?? '').trim() || null : null;
    const titleCell = mapping.indexOf('title');
    const sheetTitle = titleCell >= 0 ? (cells[titleCell] ?? '').trim() : '';
    const refuse = (reason: string, title = sheetTitle): PlannedRow => ({
      row,
      action: 'refused',
      lotNumber,
      title,
      reason,
    });
    if (lotNumber !== null) {
      const earlier = seen.get(lotNumber);
      if (earlier !== undefined) return refuse(`lot number ${lotNumber} is on row ${earlier} already`);
      seen.set(lotNumber, row);
    }
    let values: ReturnType<typeof valuesOf>;
    try {
      values = valuesOf(cells, mapping);
    } catch (error) {
      if (error instanceof CellError) return refuse(error.message);
      throw error;
    }
    const { out, scores, mapped } = values;
    const lot = lotNumber === null ? undefined : existing.get(lotNumber);
    const condition = (before: StaffLotFields['condition'] | null | undefined) => {
      if (!conditionFields.some((f) => mapped.has(f))) return undefined;
      return {
        fillLevel: (out.fillLevel as string | undefined) ?? before?.fillLevel ?? null,
        label: (out.label as string | undefined) ?? before?.label ?? null,
        capsule: (out.capsule as string | undefined) ?? before?.capsule ?? null,
        packing: (out.packing as string | undefined) ?? before?.packing ?? null,
        notes: (out.conditionNotes as string | undefined) ?? before?.notes ?? '',
      };
    };
    const spanish = (before: StaffLotFields['spanish'] | null | undefined) =>
      mapped.has('titleEs') || mapped.has('descriptionEs')
        ? {
            title: (out.titleEs as string | undefined) ?? before?.title ?? '',
            description: (out.descriptionEs as string | undefined) ?? before?.description ?? '',
          }
        : undefined;
    const plain = [
      'title',
      'producer',
      'vintage',
      'country',
      'region',
      'subregion',
      'colour',
      'bottleSize',
    ] as const;
    const more = ['quantity', 'openingBid', 'reserve', 'lowEstimate', 'highEstimate', 'buyNowPrice'] as const;
    const texts = ['description', 'availability', 'closesAt'] as const;

    if (lot) {
      const title = lot.fields.title;
      if (!lot.open) return refuse(`lot ${lotNumber} is no longer open`, title);
      const proposed: Record<string, unknown> = {};
      for (const field of [...plain, ...more, ...texts]) if (field in out) proposed[field] = out[field];
      if (Object.keys(scores).length > 0) proposed.scores = { ...lot.fields.scores, ...scores };
      const nextCondition = condition(lot.fields.condition);
      if (nextCondition) proposed.condition = nextCondition;
      const nextSpanish = spanish(lot.fields.spanish);
      if (nextSpanish) proposed.spanish = nextSpanish;
      const current = lot.fields as unknown as Record<string, unknown>;
      const changed = Object.entries(proposed).filter(
        ([key, value]) => JSON.stringify(value) !== JSON.stringify(current[key] ?? null),
      );
      if (changed.length === 0)
        return { row, action: 'unchanged', lotNumber: lotNumber as string, title, lotId: lot.lotId };
      const parsed = UpdateLotInput.safeParse({ id: lot.lotId, ...Object.fromEntries(changed) });
      if (!parsed.success) return refuse(reasonOf(parsed.error), title);
      const deal = [
        'quantity',
        'openingBid',
        'reserve',
        'buyNowPrice',
        'closesAt',
        'lowEstimate',
        'highEstimate',
      ];
      const dealChanged = changed.map(([key]) => key).filter((key) => deal.includes(key));
      if (lot.bidCount > 0 && dealChanged.length > 0)
        return refuse(`${dealChanged.join(', ')} cannot change once the lot has bids`, title);
      const { id: _id, ...changes } = parsed.data;
      return {
        row,
        action: 'update',
        lotNumber: lotNumber as string,
        title,
        lotId: lot.lotId,
        changes,
        before: Object.fromEntries(changed.map(([key]) => [key, current[key] ?? null])),
      };
    }

    const openingBid = out.openingBid as number | undefined;
    const buyNowPrice = out.buyNowPrice as number | undefined;
    const parsed = CreateLotInput.safeParse({
      ...Object.fromEntries(
        [...plain, ...more, 'description', 'availability'].filter((f) => f in out).map((f) => [f, out[f]]),
      ),
      lotNumber,
      // Missing cells of required fields are empty, so the row says which one is required.
      title: out.title ?? '',
      producer: out.producer ?? '',
      country: out.country ?? '',
      colour: out.colour ?? 'Red',
      quantity: out.quantity ?? 1,
      scores,
      auction: openingBid !== undefined || buyNowPrice === undefined,
      buyNow: buyNowPrice !== undefined,
      closesAt: (out.closesAt as string | undefined) ?? defaults.closesAt,
      ...((out.startsAt ?? defaults.startsAt) ? { startsAt: out.startsAt ?? defaults.startsAt } : {}),
      ...(condition(null) ? { condition: condition(null) } : {}),
      ...(spanish(null) ? { spanish: spanish(null) } : {}),
    });
    if (!parsed.success) return refuse(reasonOf(parsed.error));
    return { row, action: 'create', lotNumber, title: parsed.data.title, input: parsed.data };
  });
}

/** How many rows each action takes. */
export function planCounts(plan: readonly PlannedRow[]) {
  const counts = { create: 0, update: 0, unchanged: 0, refused: 0 };
  for (const row of plan) counts[row.action] += 1;
  return counts;
}
