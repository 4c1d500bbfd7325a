import { describe, expect, it } from 'vitest';
import type { StaffLotFields } from '../staff-lots/actions.ts';
import { type ExistingLot, planCounts, planImport, suggestMapping } from './plan.ts';

const headers = [
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
  'Reserve',
  'Fill',
  'WA',
];
const mapping = suggestMapping(headers);
const defaults = { closesAt: '2030-01-10T18:00:00.000Z' };
const latourFields: StaffLotFields = {
  sku: 'SKU-7',
  lotNumber: '7',
  auctionId: null,
  title: '2010 Château Latour',
  producer: 'Château Latour',
  vintage: 2010,
  country: 'France',
  region: 'Bordeaux',
  subregion: 'Pauillac',
  colour: 'Red',
  bottleSize: '750ml',
  scores: {},
  description: '',
  images: [],
  quantity: 1,
  minimumQuantity: 1,
  enforceMinimumQuantity: false,
  availability: null,
  auction: true,
  buyNow: false,
  openingBid: 10_000,
  reserve: null,
  buyNowPrice: null,
  discounts: [],
  startsAt: '2030-01-01T12:00:00.000Z',
  closesAt: '2030-01-08T18:00:00.000Z',
  meta: { title: '', description: '', keywords: '' },
};
const existing = (over: Partial<ExistingLot> = {}) =>
  new Map<string, ExistingLot>([
    ['7', { lotId: 'lot-7', fields: latourFields, bidCount: 0, open: true, ...over }],
  ]);

describe('spreadsheet import plan (issue 33)', () => {
  it('maps known headers to lot fields, each field once', () => {
    expect(mapping).toEqual([
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
      'reserve',
      'fillLevel',
      'wa',
    ]);
    expect(suggestMapping(['Title', 'Name', 'Notes?'])).toEqual(['title', null, null]);
  });

  it('plans a create per new lot, in cents, with the record read from the trade’s words', () => {
    const [row] = planImport(
      [
        [
          '12',
          '2010 Latour',
          'Château Latour',
          '2010',
          'France',
          'red',
          '6',
          '$1,500',
          '1,600',
          '2,200',
          '1500',
          'top shoulder',
          '98',
        ],
      ],
      mapping,
      defaults,
      new Map(),
    );
    expect(row).toMatchObject({
      row: 2,
      action: 'create',
      lotNumber: '12',
      input: {
        title: '2010 Latour',
        colour: 'Red',
        quantity: 6,
        openingBid: 150_000,
        lowEstimate: 160_000,
        highEstimate: 220_000,
        reserve: 150_000,
        condition: { fillLevel: 'ts', label: null, capsule: null, packing: null, notes: '' },
        scores: { wa: '98' },
        auction: true,
        buyNow: false,
        closesAt: defaults.closesAt,
      },
    });
  });

  it('updates only the mapped fields that differ, keeps what they were, and says unchanged when none do', () => {
    const same = [
      [
        '7',
        latourFields.title,
        latourFields.producer,
        '2010',
        'France',
        'Red',
        '1',
        '100',
        '',
        '',
        '',
        '',
        '',
      ],
    ];
    expect(planImport(same, mapping, defaults, existing())[0]).toMatchObject({
      action: 'unchanged',
      lotId: 'lot-7',
    });
    const changed = [
      ['7', 'Latour 2010', latourFields.producer, '2010', 'France', 'Red', '1', '120', '', '', '', '', ''],
    ];
    expect(planImport(changed, mapping, defaults, existing())[0]).toEqual({
      row: 2,
      action: 'update',
      lotNumber: '7',
      title: latourFields.title,
      lotId: 'lot-7',
      changes: { title: 'Latour 2010', openingBid: 12_000 },
      before: { title: latourFields.title, openingBid: 10_000 },
    });
  });

  it('refuses a row with its reason: a cell that does not read, a rule of the lot, a repeated lot number, bids', () => {
    const plan = planImport(
      [
        ['20', 'A', 'P', 'twenty ten', 'France', 'Red', '1', '100', '', '', '', '', ''],
        ['21', 'B', 'P', '2010', 'France', 'Red', '1', '100', '500', '400', '', '', ''],
        ['22', 'C', 'P', '2010', 'France', 'Red', '1', '100', '', '', '', '', ''],
        ['22', 'D', 'P', '2010', 'France', 'Red', '1', '100', '', '', '', '', ''],
        ['23', '', 'P', '2010', 'France', 'Red', '1', '100', '', '', '', '', ''],
        ['24', 'E', 'P', '2010', 'France', 'Blue', '1', '100', '', '', '', '', ''],
        ['25', 'F', 'P', '2010', 'France', 'Red', '1', '100', '100', '200', '150', '', ''],
        ['7', 'G', 'P', '2010', 'France', 'Red', '1', '150', '', '', '', '', ''],
      ],
      mapping,
      defaults,
      existing({ bidCount: 2 }),
    );
    expect(
      plan.map((r) => (r.action === 'refused' ? `${r.row} ${r.reason}` : `${r.row} ${r.action}`)),
    ).toEqual([
      '2 vintage: "twenty ten" is not a whole number',
      '3 highEstimate: The high estimate cannot be below the low estimate',
      '4 create',
      '5 lot number 22 is on row 4 already',
      '6 title: Required!',
      '7 colour: "Blue" is not a colour (Red, White, Rosé, Sparkling, Dessert, Fortified)',
      '8 reserve: The reserve is above the low estimate: an admin must confirm it',
      '9 openingBid cannot change once the lot has bids',
    ]);
    expect(planCounts(plan)).toEqual({ create: 1, update: 0, unchanged: 0, refused: 7 });
  });

  it('refuses changing a lot that has closed', () => {
    const row = [['7', 'Latour', '', '', '', '', '', '', '', '', '', '', '']];
    expect(planImport(row, mapping, defaults, existing({ open: false }))[0]).toMatchObject({
      action: 'refused',
      reason: 'lot 7 is no longer open',
    });
  });
});
