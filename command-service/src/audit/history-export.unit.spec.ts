import { describe, expect, it } from 'vitest';
import { evolveLot, initialLot } from '../lots/lot.ts';
import { buildHistory } from './history.ts';
import {
  CSV_COLUMNS,
  exportFilename,
  type FullHistory,
  historyCsv,
  historyExport,
} from './history-export.ts';
import { lotStreamOf } from './history-fixture.ts';
import { historyTable } from './history-table.ts';

const lot = { evolve: evolveLot, initialState: initialLot };

function given(asOf?: string): FullHistory {
  const { rows, asOf: state } = buildHistory(lot, lotStreamOf(), asOf ? { asOf } : {});
  return { kind: 'lot', id: 'lot-h1', streamName: 'lot-lot-h1', rows, asOf: state };
}

describe('the history export', () => {
  it('writes one CSV row per event after a header, UTF-8 with a byte-order mark', () => {
    const csv = historyCsv(given());
    expect(csv.startsWith('\uFEFFrevision,position,occurredAt,type,actor,actingAs,')).toBe(true);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(1 + 5);
    expect(lines[0]?.replace('\uFEFF', '').split(',')).toEqual([...CSV_COLUMNS]);
    // Bob's bid, made by an admin acting as him: the actor and for whom, and the data as JSON.
    expect(lines[3]).toContain(',BidPlaced,admin:adm-1,bob,cmd-2,corr-2,cause-2,');
    expect(lines[3]).toContain('""bidderId"":""bob""');
  });

  it('exports the whole history with its states as JSON, named after the lot', () => {
    const exported = historyExport(
      given('2026-11-22T12:15:00.000Z'),
      'json',
      new Date('2026-11-23T00:00:00Z'),
    );
    expect(exported.filename).toBe('lot-lot-h1-history.json');
    const parsed = JSON.parse(exported.records);
    expect(parsed.rows).toHaveLength(5);
    expect(parsed.rows[4].state).toMatchObject({ status: 'closed', outcome: 'sold' });
    expect(parsed.asOf).toMatchObject({ revision: 1, state: { price: 10_000 } });
    expect(parsed.exportedAt).toBe('2026-11-23T00:00:00.000Z');
  });

  it('writes a command id a spreadsheet would run as a formula as text (OWASP)', () => {
    const history = given();
    const [first, ...rest] = history.rows;
    const hostile = { ...history, rows: [{ ...first, commandId: "=cmd|' /C calc'!A0" }, ...rest] };
    const lines = historyCsv(hostile as FullHistory)
      .trimEnd()
      .split('\r\n');
    expect(lines[1]).toContain(",'=cmd|' /C calc'!A0,");
  });

  it('keeps file names to safe characters', () => {
    expect(exportFilename('invoice', '../a b/c', 'csv')).toBe('invoice-.._a_b_c-history.csv');
  });
});

describe('the command line table', () => {
  it('prints each event with its time, type, actor and changes, then the state as of the instant', () => {
    const table = historyTable(given('2026-11-22T12:15:00.000Z'));
    const lines = table.split('\n');
    expect(lines[0]).toBe('lot lot-h1 (lot-lot-h1): 5 events');
    const bob = lines.find((l) => l.includes('admin:adm-1 as bob'));
    expect(bob).toMatch(
      /^2\s+2026-11-22T12:20:00.000Z\s+BidPlaced\s+admin:adm-1 as bob\s+price: 10000 -> 11000$/,
    );
    expect(table).toContain(
      'state as of 2026-11-22T12:15:00.000Z, after event #1 (2026-11-22T12:10:00.000Z):',
    );
  });
});
