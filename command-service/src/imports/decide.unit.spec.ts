import type { ImportEvent } from '@wine/event-schemas';
import { describe, it } from 'vitest';
import { deciderSpec } from '../core/decider-spec.ts';
import { IMPORT_CHUNK, type ImportCommand, importDecider } from './decide.ts';

const spec = deciderSpec(importDecider);
const uploaded: ImportEvent = {
  type: 'ImportUploaded',
  data: {
    importId: 'imp-1',
    fileName: 'sale.xlsx',
    sha256: 'a'.repeat(64),
    headers: ['Lot', 'Title'],
    rowCount: 2,
  },
};
const rows: ImportEvent = {
  type: 'ImportRowsAdded',
  data: {
    from: 0,
    rows: [
      ['1', 'A'],
      ['2', 'B'],
    ],
  },
};
const started: ImportEvent = {
  type: 'ImportApplyStarted',
  data: { mapping: ['lotNumber', 'title'], closesAt: '2030-01-10T18:00:00.000Z', startsAt: null },
};
const counts = { create: 2, update: 0, unchanged: 0, refused: 0 };
const planned: ImportEvent[] = [
  {
    type: 'ImportRowsApplied',
    data: {
      rows: [
        { row: 2, lotId: 'l-2', action: 'create' },
        { row: 3, lotId: 'l-3', action: 'create' },
      ],
    },
  },
  { type: 'ImportPlanned', data: { counts } },
];
const start: ImportCommand = {
  type: 'StartApply',
  mapping: ['lotNumber', 'title'],
  closesAt: '2030-01-10T18:00:00.000Z',
  startsAt: null,
};

describe('import decider (issue 33)', () => {
  it('keeps the sheet in chunks of rows', () => {
    const many = Array.from({ length: IMPORT_CHUNK + 1 }, (_, i) => [String(i)]);
    spec([])
      .when({
        type: 'UploadSheet',
        importId: 'imp-1',
        fileName: 'sale.xlsx',
        sha256: 'a'.repeat(64),
        headers: ['Lot'],
        rows: many,
      })
      .then([
        {
          type: 'ImportUploaded',
          data: {
            importId: 'imp-1',
            fileName: 'sale.xlsx',
            sha256: 'a'.repeat(64),
            headers: ['Lot'],
            rowCount: IMPORT_CHUNK + 1,
          },
        },
        { type: 'ImportRowsAdded', data: { from: 0, rows: many.slice(0, IMPORT_CHUNK) } },
        { type: 'ImportRowsAdded', data: { from: IMPORT_CHUNK, rows: many.slice(IMPORT_CHUNK) } },
      ]);
  });

  it('starts an apply once, and refuses another mapping for it', () => {
    spec([uploaded, rows]).when(start).then([started]);
    spec([uploaded, rows, started]).when(start).then([]);
    spec([uploaded, rows, started])
      .when({ ...start, mapping: ['title', 'lotNumber'] })
      .thenThrows({ code: 'IMPORT_APPLIED_OTHERWISE' });
  });

  it('records the first plan only, and finishes with its counts', () => {
    const plan: Extract<ImportCommand, { type: 'RecordPlan' }> = {
      type: 'RecordPlan',
      counts,
      rows: [
        { row: 2, lotId: 'l-2', action: 'create' },
        { row: 3, lotId: 'l-3', action: 'create' },
      ],
    };
    spec([uploaded, rows, started]).when(plan).then(planned);
    spec([uploaded, rows, started, ...planned])
      .when({ ...plan, counts: { ...counts, create: 0, unchanged: 2 } })
      .then([]);
    spec([uploaded, rows, started, ...planned])
      .when({ type: 'FinishApply' })
      .then([{ type: 'ImportApplied', data: { counts } }]);
    spec([uploaded, rows, started]).when({ type: 'FinishApply' }).then([]);
  });

  it('reverts an applied import once, and nothing else', () => {
    const applied: ImportEvent = { type: 'ImportApplied', data: { counts } };
    const revert = { type: 'RecordRevert', withdrawn: 2, restored: 0 } as const;
    spec([uploaded, rows, started, ...planned, applied])
      .when(revert)
      .then([{ type: 'ImportReverted', data: { withdrawn: 2, restored: 0 } }]);
    spec([uploaded, rows]).when(revert).thenThrows({ code: 'IMPORT_NOT_APPLIED' });
    spec([uploaded, rows, { type: 'ImportReverted', data: { withdrawn: 0, restored: 0 } }])
      .when(start)
      .thenThrows({ code: 'IMPORT_REVERTED' });
  });
});
