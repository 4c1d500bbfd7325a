import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import {
  actions,
  type ExistingLot,
  HOUSE_SELLER_ID,
  type ImportMapping,
  type ImportSummary,
  LOT_PHOTO_NAME,
  MAX_IMPORT_BYTES,
  planCounts,
  planImport,
  suggestMapping,
} from '@wine/contracts';
import { importStream, lotStream } from '@wine/event-schemas';
import { AppError, type Clock, registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import pMap from 'p-map';
import { commandContext } from '../core/command-context.ts';
import { type CommandContext, eventIdFor, type Streams } from '../core/command-handler.ts';
import { type LotChanges, lotDecider } from '../lots/decide.ts';
import { lotFromInput } from '../lots/list-lot.ts';
import type { SessionAuth } from '../users/session/session-auth.ts';
import { type ImportCommand, type ImportState, importDecider } from './decide.ts';
import { readSheet } from './sheet.ts';

export interface ImportRouteDeps {
  streams: Streams;
  clock: Clock;
  auth: SessionAuth;
}

/** Lots written at once by an apply (each its own stream). */
const APPLY_CONCURRENCY = 8;

type Loaded = Exclude<ImportState, { status: 'empty' }>;
type AppliedRows = Extract<ImportCommand, { type: 'RecordPlan' }>['rows'];

export function importSummary(state: Loaded): ImportSummary {
  return {
    importId: state.importId,
    fileName: state.fileName,
    headers: state.headers,
    rowCount: state.rowCount,
    mapping: (state.mapping as ImportMapping | null) ?? suggestMapping(state.headers),
    sample: state.rows.slice(0, 5),
    status: state.status,
    counts: state.counts,
    closesAt: state.closesAt,
  };
}

/**
 * issue 33 "Spreadsheet import" (admins): uploadXLSXFile reads the sheet (its rows become the import's
 * events); importApply plans the rows again as the preview did and writes each lot once, every lot
 * event carrying the import id, file name and row (the command id of a row's write is the import's and
 * the row's, so an apply pressed twice, or run again after a crash, writes each lot once); importRevert
 * withdraws the lots the import created and sets back the fields it changed, while none has a bid.
 */
export const importRoutes: FastifyPluginAsync<ImportRouteDeps> = async (app, { streams, clock, auth }) => {
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1_000, headerPairs: 50 },
  });
  const asAdmin = (ctx: Parameters<Parameters<typeof registerAction>[3]>[1]) =>
    commandContext(ctx, auth.adminOf(ctx.request), clock.now());

  async function loadImport(importId: string): Promise<Loaded> {
    const state = await streams.load(importStream(importId), importDecider);
    if (state.status === 'empty') throw new AppError('IMPORT_NOT_FOUND');
    return state;
  }

  registerAction(app, actions.uploadXLSXFile, auth, async (input, ctx) => {
    const context = asAdmin(ctx);
    const sheet = await readSheet(input.file_upload);
    const importId = eventIdFor(context.commandId, 'import', 0);
    const sha256 = createHash('sha256').update(input.file_upload).digest('hex');
    await streams.handle(
      importStream(importId),
      importDecider,
      { type: 'UploadSheet', importId, fileName: input.file_name, sha256, ...sheet },
      context,
    );
    return importSummary(await loadImport(importId));
  });

  /**
   * The lots the preview found under the rows' lot numbers, each checked to still carry that number in
   * the auction the import names (or in none).
   */
  async function existingLots(targets: Record<string, string>, auctionId: string | null) {
    const found = new Map<string, ExistingLot>();
    await pMap(
      Object.entries(targets),
      async ([lotNumber, lotId]) => {
        const lot = await streams.load(lotStream(lotId), lotDecider);
        if (lot.status === 'empty' || lot.lot.lotNumber !== lotNumber) return;
        if ((lot.lot.auctionId ?? null) !== auctionId) return;
        const { lotId: _id, sellerId: _seller, ...fields } = lot.lot;
        found.set(lotNumber, { lotId, fields, bidCount: lot.bidCount, open: lot.status === 'open' });
      },
      { concurrency: APPLY_CONCURRENCY },
    );
    return found;
  }

  /**
   * One request writes several commands to the import's stream (start, plan, finish): each its own
   * command id made from the request's, or the second would be taken for a retry of the first.
   */
  const step = (context: CommandContext, name: string): CommandContext => ({
    ...context,
    commandId: `${context.commandId}-${name}`,
  });

  /** The id of the lot a row creates: made from the import and the row, the same on every apply. */
  const createdLotId = (importId: string, row: number) =>
    eventIdFor(`import-${importId}-row-${row}`, 'lot', 0);

  /** A row's write: its own command id, so the same row written again is replayed, not repeated. */
  const rowContext = (context: CommandContext, importId: string, row: number): CommandContext => ({
    ...context,
    commandId: `import-${importId}-row-${row}`,
  });

  registerAction(app, actions.importApply, auth, async (input, ctx) => {
    const context = asAdmin(ctx);
    const state = await loadImport(input.importId);
    if (state.status === 'applied' && state.counts) {
      if (JSON.stringify(state.mapping) !== JSON.stringify(input.mapping))
        throw new AppError('IMPORT_APPLIED_OTHERWISE');
      return { counts: state.counts };
    }
    const startsAt = input.startsAt ?? null;
    const stream = importStream(input.importId);
    await streams.handle(
      stream,
      importDecider,
      { type: 'StartApply', mapping: input.mapping, closesAt: input.closesAt, startsAt },
      step(context, 'start'),
    );
    const plan = planImport(
      state.rows,
      input.mapping,
      { closesAt: input.closesAt, ...(startsAt && { startsAt }) },
      await existingLots(input.targets, input.auctionId),
    );
    // What each row will do is recorded before any lot is written: a revert after a crash between the
    // two finds every lot the apply may have touched (one never written is skipped, one not changed
    // is set back to what it holds).
    await streams.handle(
      stream,
      importDecider,
      {
        type: 'RecordPlan',
        counts: planCounts(plan),
        rows: plan.flatMap(
          (row): AppliedRows =>
            row.action === 'create'
              ? [{ row: row.row, lotId: createdLotId(input.importId, row.row), action: 'create' as const }]
              : row.action === 'update'
                ? [{ row: row.row, lotId: row.lotId, action: 'update' as const, before: row.before }]
                : [],
        ),
      },
      step(context, 'plan'),
    );
    await pMap(
      plan,
      async (row) => {
        const source = { importId: input.importId, fileName: state.fileName, row: row.row };
        const at = rowContext(context, input.importId, row.row);
        if (row.action === 'create') {
          const lot = { ...lotFromInput(row.input, HOUSE_SELLER_ID, at.now, at.commandId), source };
          await streams.handle(
            lotStream(lot.lotId),
            lotDecider,
            { type: 'ListLot', data: lot, by: { kind: 'admin' }, now: at.now },
            at,
          );
        } else if (row.action === 'update') {
          await streams.handle(
            lotStream(row.lotId),
            lotDecider,
            {
              type: 'UpdateLot',
              changes: row.changes as LotChanges,
              source,
              by: { kind: 'admin' },
              now: at.now,
            },
            at,
          );
        }
      },
      { concurrency: APPLY_CONCURRENCY },
    );
    await streams.handle(stream, importDecider, { type: 'FinishApply' }, step(context, 'finish'));
    // The counts of the apply that finished first: a press that came after plans the lots as changed.
    const done = await loadImport(input.importId);
    return { counts: done.counts ?? planCounts(plan) };
  });

  /**
   * Photos named after lot numbers (`1-1.jpg`, `1_2.jpg`), uploaded together after an apply: each
   * joins the photos of the lot the import made or changed under that number, in the order of the
   * number after the lot's; a photo the lot has already is not added twice.
   */
  registerAction(app, actions.attachImportPhotos, auth, async (input, ctx) => {
    const context = asAdmin(ctx);
    const state = await loadImport(input.importId);
    if (state.status !== 'applied') throw new AppError('IMPORT_NOT_APPLIED');
    const column = (state.mapping ?? []).indexOf('lotNumber');
    const byNumber = new Map<string, { lotId: string; row: number }>();
    for (const applied of state.applied) {
      const lotNumber = column < 0 ? undefined : state.rows[applied.row - 2]?.[column]?.trim();
      if (lotNumber) byNumber.set(lotNumber, { lotId: applied.lotId, row: applied.row });
    }
    const perLot = new Map<
      string,
      { row: number; photos: { place: number; fileName: string; name: string }[] }
    >();
    const unmatched: string[] = [];
    for (const photo of input.photos) {
      const match = LOT_PHOTO_NAME.exec(photo.name);
      const lot = match ? byNumber.get(match[1] as string) : undefined;
      if (!match || !lot) {
        unmatched.push(photo.name);
        continue;
      }
      const entry = perLot.get(lot.lotId) ?? { row: lot.row, photos: [] };
      entry.photos.push({ place: Number(match[2]), fileName: photo.fileName, name: photo.name });
      perLot.set(lot.lotId, entry);
    }
    let attached = 0;
    await pMap(
      [...perLot],
      async ([lotId, { row, photos }]) => {
        const lot = await streams.load(lotStream(lotId), lotDecider);
        if (lot.status === 'empty') return;
        const known = new Set(lot.lot.images.map((i) => i.fileName));
        const added = photos
          .sort((a, b) => a.place - b.place)
          .filter((p) => !known.has(p.fileName))
          .map((p) => ({ type: 1 as const, fileName: p.fileName, name: p.name }));
        // A lot holds at most 50 photos (the listing's bound): the rest are left out.
        const room = Math.max(0, 50 - lot.lot.images.length);
        added.splice(room);
        if (added.length === 0) return;
        const at = { ...context, commandId: `${context.commandId}-${lotId}` };
        await streams.handle(
          lotStream(lotId),
          lotDecider,
          {
            type: 'UpdateLot',
            changes: { images: [...lot.lot.images, ...added] },
            source: { importId: input.importId, fileName: state.fileName, row },
            by: { kind: 'admin' },
            now: at.now,
          },
          at,
        );
        attached += added.length;
      },
      { concurrency: APPLY_CONCURRENCY },
    );
    return { attached, lots: perLot.size, unmatched };
  });

  registerAction(app, actions.importRevert, auth, async (input, ctx) => {
    const context = asAdmin(ctx);
    const state = await loadImport(input.importId);
    if (state.status === 'reverted') throw new AppError('IMPORT_REVERTED');
    if (state.status !== 'applied') throw new AppError('IMPORT_NOT_APPLIED');
    // Every lot first: a revert is whole or not at all.
    const lots = await pMap(
      state.applied,
      async (row) => ({ row, lot: await streams.load(lotStream(row.lotId), lotDecider) }),
      { concurrency: APPLY_CONCURRENCY },
    );
    for (const { row, lot } of lots) {
      if (lot.status === 'empty') continue;
      if (lot.bidCount > 0) throw new AppError('IMPORT_HAS_BIDS', { params: { row: row.row } });
      if (lot.status !== 'open' && !(row.action === 'create' && lot.status === 'withdrawn'))
        throw new AppError('IMPORT_LOT_CLOSED', { params: { row: row.row } });
    }
    let withdrawn = 0;
    let restored = 0;
    await pMap(
      lots,
      async ({ row, lot }) => {
        const at = { ...context, commandId: `import-${input.importId}-revert-${row.row}` };
        if (lot.status === 'empty') return;
        if (row.action === 'create') {
          if (lot.status === 'withdrawn') return;
          await streams.handle(
            lotStream(row.lotId),
            lotDecider,
            {
              type: 'WithdrawLot',
              reason: `Import ${state.fileName} reverted (row ${row.row})`,
              by: { kind: 'admin' },
            },
            at,
          );
          withdrawn += 1;
        } else {
          await streams.handle(
            lotStream(row.lotId),
            lotDecider,
            {
              type: 'UpdateLot',
              changes: (row.before ?? {}) as LotChanges,
              source: { importId: input.importId, fileName: state.fileName, row: row.row },
              by: { kind: 'admin' },
              now: at.now,
            },
            at,
          );
          restored += 1;
        }
      },
      { concurrency: APPLY_CONCURRENCY },
    );
    await streams.handle(
      importStream(input.importId),
      importDecider,
      { type: 'RecordRevert', withdrawn, restored },
      context,
    );
    return { withdrawn, restored };
  });
};
