import type { ImportEvent } from '@wine/event-schemas';
import { streamIdOf } from '@wine/platform';
import { guardedUpdate } from '../core/guarded.ts';
import { defineProjection, type ProjectedOperation } from '../core/projection.ts';

export const IMPORTS = 'imports';

/** An uploaded sheet as the staff preview it: its rows, its state, who uploaded it and when. */
export interface ImportDocument {
  [key: string]: unknown;
  _id: string;
  fileName: string;
  headers: string[];
  rows: string[][];
  rowCount: number;
  status: 'uploaded' | 'applying' | 'applied' | 'reverted';
  mapping: (string | null)[] | null;
  closesAt: string | null;
  counts: { create: number; update: number; unchanged: number; refused: number } | null;
  uploaded_at: string;
  uploaded_by: string;
  _position: string;
}

/** The `imports` read model (issue 33): one document per sheet, for the import page and its preview. */
export const importsProjection = defineProjection<ImportEvent>({
  name: 'imports',
  collections: [IMPORTS],
  handles: ['ImportUploaded', 'ImportRowsAdded', 'ImportApplyStarted', 'ImportApplied', 'ImportReverted'],
  indexes: { [IMPORTS]: [{ key: { uploaded_at: -1 }, name: 'uploaded' }] },
  project(event): ProjectedOperation[] {
    const id = streamIdOf(event);
    switch (event.type) {
      case 'ImportUploaded': {
        const { fileName, headers, rowCount } = event.data;
        const doc: ImportDocument = {
          _id: id,
          fileName,
          headers,
          rows: [],
          rowCount,
          status: 'uploaded',
          mapping: null,
          closesAt: null,
          counts: null,
          uploaded_at: event.metadata.occurredAt,
          uploaded_by: event.metadata.actor.id,
          _position: event.position,
        };
        return [
          {
            collection: IMPORTS,
            operation: { updateOne: { filter: { _id: id }, update: { $setOnInsert: doc }, upsert: true } },
          },
        ];
      }
      case 'ImportRowsAdded':
        return [guardedUpdate(IMPORTS, id, event, { $push: { rows: { $each: event.data.rows } } })];
      case 'ImportApplyStarted':
        return [
          guardedUpdate(IMPORTS, id, event, {
            $set: { status: 'applying', mapping: event.data.mapping, closesAt: event.data.closesAt },
          }),
        ];
      case 'ImportApplied':
        return [
          guardedUpdate(IMPORTS, id, event, { $set: { status: 'applied', counts: event.data.counts } }),
        ];
      case 'ImportReverted':
        return [guardedUpdate(IMPORTS, id, event, { $set: { status: 'reverted' } })];
      default:
        return [];
    }
  },
});
