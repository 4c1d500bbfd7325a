import {
  actions,
  type ExistingLot,
  type ImportMapping,
  type ImportSummary,
  type PlannedRow,
  type PreviewRow,
  planCounts,
  planImport,
  suggestMapping,
} from '@wine/contracts';
import { AppError, registerAction } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';
import { LOTS } from '../lots/project.ts';
import { listedFieldsOf, STAFF_LOTS, type StaffLotDocument } from '../staff-lots/project.ts';
import { IMPORTS, type ImportDocument } from './project.ts';

const summaryOf = (doc: ImportDocument): ImportSummary => ({
  importId: doc._id,
  fileName: doc.fileName,
  headers: doc.headers,
  rowCount: doc.rowCount,
  mapping: (doc.mapping as ImportMapping | null) ?? suggestMapping(doc.headers),
  sample: doc.rows.slice(0, 5),
  status: doc.status,
  counts: doc.counts,
  closesAt: doc.closesAt,
});

const previewOf = (row: PlannedRow): PreviewRow => ({
  row: row.row,
  action: row.action,
  lotNumber: row.lotNumber,
  title: row.title,
  lotId: 'lotId' in row ? row.lotId : null,
  changed: row.action === 'update' ? Object.keys(row.changes) : [],
  reason: row.action === 'refused' ? row.reason : null,
});

/**
 * The import page's reads (admins): an uploaded sheet's summary, and its preview: every row planned
 * (contracts planImport, as the apply plans it) against the lots the catalogue holds under the sheet's
 * lot numbers, nothing written.
 */
export const importQueries: QueryPlugin = async (app, { docs, auth }) => {
  const imports = docs.collection<ImportDocument>(IMPORTS);
  const staffLots = docs.collection<StaffLotDocument>(STAFF_LOTS);
  const lots = docs.collection<{ _id: string; bid_count: number }>(LOTS);

  async function load(importId: string) {
    const doc = await imports.findOne({ _id: importId });
    if (!doc) throw new AppError('IMPORT_NOT_FOUND');
    return doc;
  }

  registerAction(app, actions.importStatus, auth.authorize, async ({ importId }) =>
    summaryOf(await load(importId)),
  );

  registerAction(app, actions.importPreview, auth.authorize, async (input) => {
    const doc = await load(input.importId);
    const column = input.mapping.indexOf('lotNumber');
    const numbers =
      column < 0 ? [] : [...new Set(doc.rows.map((r) => (r[column] ?? '').trim()).filter(Boolean))];
    const found = numbers.length
      ? (await staffLots.find({ lotNumber: { $in: numbers } })).filter(
          (lot) => (lot.auctionId ?? null) === input.auctionId,
        )
      : [];
    const bids = found.length ? await lots.find({ _id: { $in: found.map((d) => d._id) } }) : [];
    const bidCount = new Map(bids.map((l) => [l._id, l.bid_count]));
    const existing = new Map<string, ExistingLot>();
    for (const staffLot of found) {
      const open = staffLot.status === 'open';
      // Of several lots under one number, an open one is the one a row changes.
      if (existing.get(staffLot.lotNumber as string)?.open && !open) continue;
      existing.set(staffLot.lotNumber as string, {
        lotId: staffLot._id,
        fields: listedFieldsOf(staffLot),
        bidCount: bidCount.get(staffLot._id) ?? 0,
        open,
      });
    }
    const plan = planImport(
      doc.rows,
      input.mapping,
      { closesAt: input.closesAt, ...(input.startsAt && { startsAt: input.startsAt }) },
      existing,
    );
    const targets = Object.fromEntries([...existing].map(([number, lot]) => [number, lot.lotId]));
    return { rows: plan.map(previewOf), counts: planCounts(plan), targets };
  });
};
