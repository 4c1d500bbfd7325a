import { describe, expect, it } from 'vitest';
import { CreateLotInput, UpdateLotInput, WithdrawLotInput } from './lot-inputs.ts';

const lot = {
  title: '2016 Château Lafite-Rothschild',
  producer: 'Château Lafite-Rothschild',
  vintage: 2016,
  country: 'France',
  region: 'Bordeaux',
  subregion: 'Pauillac',
  colour: 'Red',
  quantity: 6,
  auction: true,
  buyNow: false,
  openingBid: 100_00,
  closesAt: '2030-01-01T00:00:00Z',
} as const;

const messagesByField = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries(result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? []);

describe('lot text', () => {
  it('accepts accented names, and a description with paragraphs and emoji', () => {
    const description = 'Cassis, cèdre, graphite.\r\n\r\nDrink 2030–2045 🍷';
    const parsed = CreateLotInput.parse({ ...lot, description, meta: { keywords: 'Pauillac, 1er cru' } });
    expect(parsed.title).toBe('2016 Château Lafite-Rothschild');
    expect(parsed.description).toBe('Cassis, cèdre, graphite.\n\nDrink 2030–2045 🍷');
  });

  it('refuses control, bidi and invisible characters in what a buyer reads', () => {
    const result = CreateLotInput.safeParse({
      ...lot,
      title: '2016 Lafite\u0000',
      producer: '\u200b\u200b',
      country: 'France\u202e',
      region: 'Bord\u0008eaux',
      subregion: 'Pau\u2067illac',
      bottleSize: '750\u00adml',
      description: 'Fine\u0007 wine',
      sku: 'SKU\u200d1',
      meta: { title: 'x\u2060', description: 'y\u0000', keywords: 'z\ufeffz' },
    });
    expect(messagesByField(result)).toEqual({
      title: 'Title contains characters that are not allowed',
      producer: 'Producer contains characters that are not allowed',
      country: 'Country contains characters that are not allowed',
      region: 'Region contains characters that are not allowed',
      subregion: 'Subregion contains characters that are not allowed',
      bottleSize: 'Bottle size contains characters that are not allowed',
      description: 'Description contains characters that are not allowed',
      sku: 'SKU contains characters that are not allowed',
      'meta.title': 'Meta title contains characters that are not allowed',
      'meta.description': 'Meta description contains characters that are not allowed',
      'meta.keywords': 'Keywords contains characters that are not allowed',
    });
  });

  it('refuses the same in a change to a lot and in a withdrawal reason', () => {
    expect(messagesByField(UpdateLotInput.safeParse({ id: 'lot-1', producer: 'Lafite\u202e' }))).toEqual({
      producer: 'Producer contains characters that are not allowed',
    });
    expect(messagesByField(WithdrawLotInput.safeParse({ id: 'lot-1', reason: 'Cork\u0000 taint' }))).toEqual({
      reason: 'Reason contains characters that are not allowed',
    });
    expect(WithdrawLotInput.parse({ id: 'lot-1', reason: 'Cork taint.\nSeller asked.' }).reason).toBe(
      'Cork taint.\nSeller asked.',
    );
  });
});
