import { actions, type ImportSummary, type OutputOf } from '@wine/contracts';
import { importStream, lotStream } from '@wine/event-schemas';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotInput, startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';

let market: TestMarketplace;
let admin: TestUser;
beforeAll(async () => {
  market = await startMarketplace({ seed: false, staffRateLimit: 1_000_000 });
  admin = await market.staff('admin');
}, 120_000);
afterAll(() => market?.stop());

const HEADERS = [
  'Lot',
  'Title',
  'Producer',
  'Vintage',
  'Country',
  'Colour',
  'Qty',
  'Opening bid',
  'Low',
  'High',
  'Fill',
];

async function xlsx(rows: (string | number)[][]): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Lots');
  sheet.addRow(HEADERS);
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

async function upload(bytes: Uint8Array, name: string, token = admin.token) {
  const form = new FormData();
  form.append('file_name', name);
  form.append('file_upload', new Blob([bytes]), name);
  const answer = await fetch(`${market.url}${actions.uploadXLSXFile.path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return {
    status: answer.status,
    body: (await answer.json()) as { status: string; data: { code?: string; responseData: ImportSummary } },
  };
}

const closesAt = () => new Date(Date.now() + 10 * 24 * 3600_000).toISOString();
const events = async (stream: string) => market.eventStore.readStream(stream);

describe('spreadsheet import (issue 33)', () => {
  it('reads an XLSX, maps its headers, previews every row, applies once and reverts', async () => {
    const existing = await market.ok<{ id: string }>(
      actions.createLot.path,
      lotInput({
        lotNumber: '1',
        title: '2000 Margaux',
        producer: 'Château Margaux',
        vintage: 2000,
        country: 'France',
        quantity: 1,
        openingBid: 10_000,
      }),
      admin.auth,
    );
    const bytes = await xlsx([
      [1, '2000 Château Margaux', 'Château Margaux', 2000, 'France', 'Red', 1, 120, 150, 250, 'ts'],
      [
        2,
        '2010 Sassicaia',
        'Tenuta San Guido',
        2010,
        'Italy',
        'red',
        6,
        '1,500',
        '1,600',
        '2,000',
        'into neck',
      ],
      [3, '', 'Nobody', 2010, 'Italy', 'Red', 1, 100, '', '', ''],
      [4, '1990 Krug', 'Krug', 1990, 'France', 'Sparkling', 2, 800, '', '', ''],
    ]);
    const uploaded = await upload(bytes, 'autumn-sale.xlsx');
    expect(uploaded.status).toBe(200);
    const summary = uploaded.body.data.responseData;
    expect(summary).toMatchObject({
      fileName: 'autumn-sale.xlsx',
      headers: HEADERS,
      rowCount: 4,
      status: 'uploaded',
      mapping: [
        'lotNumber',
        'title',
        'producer',
        'vintage',
        'country',
        'colour',
        'quantity',
        'openingBid',
        'lowEstimate',
        'highEstimate',
        'fillLevel',
      ],
    });
    await market.caughtUp();
    const plan = { importId: summary.importId, mapping: summary.mapping, closesAt: closesAt() };
    const preview = await market.ok<OutputOf<'importPreview'>>(actions.importPreview.path, plan, admin.auth);
    expect(preview.rows.map((r) => [r.row, r.action, r.reason ?? r.changed.join(',')])).toEqual([
      [2, 'update', 'title,openingBid,lowEstimate,highEstimate,condition'],
      [3, 'create', ''],
      [4, 'refused', 'title: Required!'],
      [5, 'create', ''],
    ]);
    expect(preview.targets).toEqual({ '1': existing.id });

    // Pressed twice at once and once more after: each lot written once.
    const apply = { ...plan, targets: preview.targets };
    const [first, second] = await Promise.all([
      market.ok<OutputOf<'importApply'>>(actions.importApply.path, apply, admin.auth),
      market.ok<OutputOf<'importApply'>>(actions.importApply.path, apply, admin.auth),
    ]);
    const third = await market.ok<OutputOf<'importApply'>>(actions.importApply.path, apply, admin.auth);
    const counts = { create: 2, update: 1, unchanged: 0, refused: 1 };
    expect([first.counts, second.counts, third.counts]).toEqual([counts, counts, counts]);
    const log = await events(importStream(summary.importId));
    expect(log.filter((e) => e.type === 'ImportApplied')).toHaveLength(1);
    const applied = log.flatMap((e) =>
      e.type === 'ImportRowsApplied' ? (e.data as { rows: { row: number; lotId: string }[] }).rows : [],
    );
    expect(applied.map((r) => r.row).sort()).toEqual([2, 3, 5]);
    const created = applied.find((r) => r.row === 3)?.lotId as string;
    const lotEvents = await events(lotStream(created));
    expect(lotEvents.map((e) => e.type)).toEqual(['LotListed']);
    expect(lotEvents[0]?.data).toMatchObject({
      title: '2010 Sassicaia',
      quantity: 6,
      openingBid: 150_000,
      lowEstimate: 160_000,
      condition: { fillLevel: 'in' },
      source: { importId: summary.importId, fileName: 'autumn-sale.xlsx', row: 3 },
    });
    const updated = await events(lotStream(existing.id));
    expect(updated.map((e) => e.type)).toEqual(['LotListed', 'LotUpdated']);
    expect(updated[1]?.data).toMatchObject({
      title: '2000 Château Margaux',
      openingBid: 12_000,
      source: { row: 2 },
    });
    // Another mapping after the apply is refused.
    const other = await market.post(
      actions.importApply.path,
      { ...apply, mapping: [...apply.mapping].reverse() },
      admin.auth,
    );
    expect(other.body.data).toMatchObject({ code: 'IMPORT_APPLIED_OTHERWISE' });

    const reverted = await market.ok<OutputOf<'importRevert'>>(
      actions.importRevert.path,
      { importId: summary.importId },
      admin.auth,
    );
    expect(reverted).toEqual({ withdrawn: 2, restored: 1 });
    expect((await events(lotStream(created))).map((e) => e.type)).toEqual(['LotListed', 'LotWithdrawn']);
    const back = await events(lotStream(existing.id));
    expect(back.at(-1)?.data).toMatchObject({ title: '2000 Margaux', openingBid: 10_000 });
    await market.caughtUp();
    const status = await market.ok<ImportSummary>(
      actions.importStatus.path,
      { importId: summary.importId },
      admin.auth,
    );
    expect(status.status).toBe('reverted');
  }, 60_000);

  it('reads a CSV with semicolons, and refuses what is not a sheet, a buyer and a reverted import’s apply', async () => {
    const csv = new TextEncoder().encode(
      '\uFEFFLot;Title;Producer;Country;Opening bid\n9;1985 Latour;Château Latour;France;300\n',
    );
    const uploaded = await upload(csv, 'one.csv');
    expect(uploaded.body.data.responseData).toMatchObject({
      rowCount: 1,
      headers: ['Lot', 'Title', 'Producer', 'Country', 'Opening bid'],
    });
    for (const [bytes, code] of [
      [new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'IMPORT_FILE_TYPE'],
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]), 'IMPORT_FILE_TYPE'],
      [new TextEncoder().encode('Lot,Title\n'), 'IMPORT_EMPTY'],
    ] as const) {
      const refused = await upload(bytes, 'bad.xlsx');
      expect([refused.status, refused.body.data.code]).toEqual([
        refused.status >= 400 ? refused.status : 0,
        code,
      ]);
    }
    const buyer = await market.bidder({ card: false });
    const byBuyer = await upload(csv, 'one.csv', buyer.token);
    expect(byBuyer.status).toBe(403);
  }, 60_000);

  it('attaches photos named after lot numbers (1-1.jpg, 1_2.jpg) to the lots an applied import made', async () => {
    const bytes = await xlsx([
      [31, '1982 Lafite', 'Château Lafite Rothschild', 1982, 'France', 'Red', 1, 900, '', '', ''],
      [32, '1989 Haut-Brion', 'Château Haut-Brion', 1989, 'France', 'Red', 1, 700, '', '', ''],
    ]);
    const summary = (await upload(bytes, 'photos.xlsx')).body.data.responseData;
    const plan = { importId: summary.importId, mapping: summary.mapping, closesAt: closesAt(), targets: {} };
    await market.ok(actions.importApply.path, plan, admin.auth);
    const photo = (colour: string) =>
      sharp({ create: { width: 60, height: 90, channels: 3, background: colour } })
        .jpeg()
        .toBuffer();
    const names = ['31_2.jpg', '31-1.jpg', '32-1.jpg', '99-1.jpg', 'label.jpg'];
    const form = new FormData();
    form.append('folder', 'product');
    for (const [i, name] of names.entries()) {
      form.append(
        'file_upload',
        new Blob([await photo(['#611', '#161', '#116', '#666', '#999'][i] as string)]),
        name,
      );
    }
    const stored = await fetch(`${market.url}${actions.multipleImageUploader.path}`, {
      method: 'POST',
      headers: { authorization: admin.auth.authorization },
      body: form,
    });
    const files = ((await stored.json()) as { data: { responseData: OutputOf<'multipleImageUploader'> } })
      .data.responseData.files;
    const photos = names.map((name, i) => ({ name, fileName: files[i]?.file_name as string }));
    const attached = await market.ok<OutputOf<'attachImportPhotos'>>(
      actions.attachImportPhotos.path,
      { importId: summary.importId, photos },
      admin.auth,
    );
    expect(attached).toEqual({ attached: 3, lots: 2, unmatched: ['99-1.jpg', 'label.jpg'] });
    // Again: nothing is added twice.
    const again = await market.ok<OutputOf<'attachImportPhotos'>>(
      actions.attachImportPhotos.path,
      { importId: summary.importId, photos },
      admin.auth,
    );
    expect(again.attached).toBe(0);
    const log = await events(importStream(summary.importId));
    const lafite = log
      .flatMap((e) =>
        e.type === 'ImportRowsApplied' ? (e.data as { rows: { row: number; lotId: string }[] }).rows : [],
      )
      .find((r) => r.row === 2)?.lotId as string;
    const lotLog = await events(lotStream(lafite));
    expect(lotLog.at(-1)?.data).toMatchObject({
      images: [
        { type: 1, fileName: photos[1]?.fileName, name: '31-1.jpg' },
        { type: 1, fileName: photos[0]?.fileName, name: '31_2.jpg' },
      ],
      source: { importId: summary.importId, row: 2 },
    });
  }, 60_000);

  it('matches the sheet’s lot numbers in the auction it names, or among the lots in no auction', async () => {
    // Lot numbers restart at 1 in each auction: "1" is a house lot outside auctions and an auction's first.
    const house = await market.ok<{ id: string }>(
      actions.createLot.path,
      lotInput({ lotNumber: '1', title: 'House lot one' }),
      admin.auth,
    );
    const inAuction = await market.ok<{ id: string }>(actions.createLot.path, lotInput(), admin.auth);
    const soon = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();
    const { id: auctionId } = await market.ok<{ id: string }>(
      actions.createAuction.path,
      { title: 'Spring Sale', kind: 'timed', startsAt: soon(1), firstCloseAt: soon(48) },
      admin.auth,
    );
    await market.ok(actions.arrangeAuction.path, { id: auctionId, lotIds: [inAuction.id] }, admin.auth);
    const bytes = await xlsx([
      ['1', 'Renamed lot one', 'Test Estate', 2019, 'USA', 'Red', 3, 250, '', '', ''],
    ]);
    const summary = (await upload(bytes, 'numbers.xlsx')).body.data.responseData;
    await market.caughtUp();
    const plan = { importId: summary.importId, mapping: summary.mapping, closesAt: closesAt() };
    const outside = await market.ok<OutputOf<'importPreview'>>(actions.importPreview.path, plan, admin.auth);
    expect(outside.targets).toEqual({ '1': house.id });
    const scoped = await market.ok<OutputOf<'importPreview'>>(
      actions.importPreview.path,
      { ...plan, auctionId },
      admin.auth,
    );
    expect(scoped.targets).toEqual({ '1': inAuction.id });
    // An apply handed another scope's target checks the lot again: it is not this auction's, so not changed.
    await market.ok(actions.importApply.path, { ...plan, auctionId, targets: { '1': house.id } }, admin.auth);
    const houseLog = await events(lotStream(house.id));
    expect(houseLog.map((e) => e.type)).toEqual(['LotListed']);
  });
});
