import { z } from 'zod';
import { defineEvent } from './registry.ts';
import { streamName } from './streams.ts';

const Id = z.string().min(1).max(64);
const Cell = z.string().max(20_000);

/** A spreadsheet uploaded for import (issue 33): its name, its content's hash, its header row. */
export const ImportUploaded = defineEvent({
  type: 'ImportUploaded',
  version: 1,
  schema: z.object({
    importId: Id,
    fileName: z.string().min(1).max(200),
    sha256: z.string().regex(/^[a-f0-9]{64}$/),
    headers: z.array(z.string().max(200)).max(100),
    rowCount: z.number().int().min(0).max(10_000),
  }),
});

/** The sheet's rows after the header, in order, a chunk at a time (row `from` is the first here, 0-based). */
export const ImportRowsAdded = defineEvent({
  type: 'ImportRowsAdded',
  version: 1,
  schema: z.object({ from: z.number().int().min(0), rows: z.array(z.array(Cell).max(100)).max(1_000) }),
});

/** What an apply did to one row: the lot it made or changed, and a change's fields as they were. */
export const AppliedRow = z.object({
  row: z.number().int().min(2),
  lotId: Id,
  action: z.enum(['create', 'update']),
  before: z.record(z.string(), z.unknown()).optional(),
});

const Counts = z.object({
  create: z.number().int().min(0),
  update: z.number().int().min(0),
  unchanged: z.number().int().min(0),
  refused: z.number().int().min(0),
});

/** An apply began with this mapping and default close; its rows follow, then ImportApplied. */
export const ImportApplyStarted = defineEvent({
  type: 'ImportApplyStarted',
  version: 1,
  schema: z.object({
    mapping: z.array(z.string().max(40).nullable()).max(100),
    closesAt: z.iso.datetime(),
    startsAt: z.iso.datetime().nullable(),
  }),
});

export const ImportRowsApplied = defineEvent({
  type: 'ImportRowsApplied',
  version: 1,
  schema: z.object({ rows: z.array(AppliedRow).max(1_000) }),
});

/** The apply's plan, recorded once (the first press's): how many rows each action takes. */
export const ImportPlanned = defineEvent({
  type: 'ImportPlanned',
  version: 1,
  schema: z.object({ counts: Counts }),
});

/** The apply is done: how many rows each action took. */
export const ImportApplied = defineEvent({
  type: 'ImportApplied',
  version: 1,
  schema: z.object({ counts: Counts }),
});

/** The import undone: the lots it created withdrawn, the fields it changed set back. */
export const ImportReverted = defineEvent({
  type: 'ImportReverted',
  version: 1,
  schema: z.object({ withdrawn: z.number().int().min(0), restored: z.number().int().min(0) }),
});

export type ImportEvent =
  | { type: 'ImportUploaded'; data: z.infer<typeof ImportUploaded.schema> }
  | { type: 'ImportRowsAdded'; data: z.infer<typeof ImportRowsAdded.schema> }
  | { type: 'ImportApplyStarted'; data: z.infer<typeof ImportApplyStarted.schema> }
  | { type: 'ImportRowsApplied'; data: z.infer<typeof ImportRowsApplied.schema> }
  | { type: 'ImportPlanned'; data: z.infer<typeof ImportPlanned.schema> }
  | { type: 'ImportApplied'; data: z.infer<typeof ImportApplied.schema> }
  | { type: 'ImportReverted'; data: z.infer<typeof ImportReverted.schema> };

export const importEventDefinitions = [
  ImportUploaded,
  ImportRowsAdded,
  ImportApplyStarted,
  ImportRowsApplied,
  ImportPlanned,
  ImportApplied,
  ImportReverted,
] as const;

/** One uploaded sheet's import: its rows, its apply, its revert. */
export const importStream = (importId: string) => streamName('import', importId);
