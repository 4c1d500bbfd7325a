import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoCatalogue } from '@wine/command-service';
import { Colours } from '@wine/event-schemas';
import { describe, expect, it } from 'vitest';

const productAssets = join(import.meta.dirname, 'assets/product');

describe('the demo pictures', () => {
  it('has a picture for every image the demo catalogue names, of every colour', () => {
    const lots = demoCatalogue(new Date('2026-11-24T12:00:00Z'), 300);
    const named = new Set(lots.flatMap(({ lot }) => lot.images.map((i) => i.fileName)));
    expect([...named].filter((file) => !existsSync(join(productAssets, file)))).toEqual([]);
    const colours = new Set(lots.map(({ lot }) => lot.colour));
    expect([...colours].sort()).toEqual([...Colours].sort());
  });

  it('gives every picture an intrinsic size, so browsers that need one do not draw it empty', () => {
    for (const colour of ['red', 'white', 'rose', 'sparkling', 'dessert', 'fortified']) {
      const svg = readFileSync(join(productAssets, `bottle-${colour}.svg`), 'utf8');
      expect(svg, colour).toMatch(/^<svg [^>]*width="400" height="400"/);
    }
  });
});
