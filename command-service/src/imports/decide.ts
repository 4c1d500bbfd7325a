import type { AppliedRow, ImportEvent } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import type { z } from 'zod';
import type { Decider } from '../core/decider.ts';

type Applied = z.infer<typeof AppliedRow>;

/** An import's stream (`import-<id>`): the sheet, then an apply, then perhaps its revert. */
export type ImportState =
  | { status: 'empty' }
  | {
      status: 'uploaded' | 'applying' | 'applied' | 'reverted';
      importId: string;
      fileName: string;
      headers: string[];
      rows: string[][];
      rowCount: number;
      mapping: (string | null)[] | null;
      closesAt: string | null;
      startsAt: string | null;
      applied: Applied[];
      counts: { create: number; update: number; unchanged: number; refused: number } | null;
    };

type Counts = { create: number; update: number; unchanged: number; refused: number };

/** Rows an event carries at most (the sheet and the applied rows go in chunks). */
export const IMPORT_CHUNK = 500;

export type ImportCommand =
  | {
      type: 'UploadSheet';
      importId: string;
      fileName: string;
      sha256: string;
      headers: string[];
      rows: string[][];
    }
  | { type: 'StartApply'; mapping: (string | null)[]; closesAt: string; startsAt: string | null }
  | { type: 'RecordPlan'; rows: Applied[]; counts: Counts }
  | { type: 'FinishApply' }
  | { type: 'RecordRevert'; withdrawn: number; restored: number };

const chunks = <T>(items: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / IMPORT_CHUNK) }, (_, i) =>
    items.slice(i * IMPORT_CHUNK, (i + 1) * IMPORT_CHUNK),
  );

export function decideImport(command: ImportCommand, state: ImportState): ImportEvent[] {
  if (command.type === 'UploadSheet') {
    if (state.status !== 'empty') throw new AppError('IMPORT_EXISTS');
    const { importId, fileName, sha256, headers, rows } = command;
    return [
      { type: 'ImportUploaded', data: { importId, fileName, sha256, headers, rowCount: rows.length } },
      ...chunks(rows).map((chunk, i) => ({
        type: 'ImportRowsAdded' as const,
        data: { from: i * IMPORT_CHUNK, rows: chunk },
      })),
    ];
  }
  if (state.status === 'empty') throw new AppError('IMPORT_NOT_FOUND');
  switch (command.type) {
    case 'StartApply': {
      if (state.status === 'reverted') throw new AppError('IMPORT_REVERTED');
      if (state.status === 'uploaded') {
        const { mapping, closesAt, startsAt } = command;
        return [{ type: 'ImportApplyStarted', data: { mapping, closesAt, startsAt } }];
      }
      // Pressed again: the apply goes on (or is done) with the mapping it began with, never another.
      const same =
        JSON.stringify(state.mapping) === JSON.stringify(command.mapping) &&
        state.closesAt === command.closesAt;
      if (!same) throw new AppError('IMPORT_APPLIED_OTHERWISE');
      return [];
    }
    case 'RecordPlan':
      // The first press's plan is the apply's: a press after it finds lots already changed.
      if (state.status !== 'applying' || state.counts) return [];
      return [
        ...chunks(command.rows).map((rows) => ({ type: 'ImportRowsApplied' as const, data: { rows } })),
        { type: 'ImportPlanned', data: { counts: command.counts } },
      ];
    case 'FinishApply':
      if (state.status !== 'applying' || !state.counts) return [];
      return [{ type: 'ImportApplied', data: { counts: state.counts } }];
    case 'RecordRevert':
      if (state.status === 'reverted') return [];
      if (state.status !== 'applied') throw new AppError('IMPORT_NOT_APPLIED');
      return [{ type: 'ImportReverted', data: { withdrawn: command.withdrawn, restored: command.restored } }];
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}

export function evolveImport(state: ImportState, event: ImportEvent): ImportState {
  if (event.type === 'ImportUploaded') {
    const { importId, fileName, headers, rowCount } = event.data;
    return {
      status: 'uploaded',
      importId,
      fileName,
      headers,
      rows: [],
      rowCount,
      mapping: null,
      closesAt: null,
      startsAt: null,
      applied: [],
      counts: null,
    };
  }
  if (state.status === 'empty') return state;
  switch (event.type) {
    case 'ImportRowsAdded':
      return { ...state, rows: [...state.rows, ...event.data.rows] };
    case 'ImportApplyStarted':
      return { ...state, status: 'applying', ...event.data };
    case 'ImportRowsApplied':
      return { ...state, applied: [...state.applied, ...event.data.rows] };
    case 'ImportPlanned':
      return { ...state, counts: event.data.counts };
    case 'ImportApplied':
      return { ...state, status: 'applied', counts: event.data.counts };
    case 'ImportReverted':
      return { ...state, status: 'reverted' };
    default:
      return state;
  }
}

export const importDecider: Decider<ImportCommand, ImportEvent, ImportState> = {
  decide: decideImport,
  evolve: evolveImport,
  initialState: () => ({ status: 'empty' }),
};
