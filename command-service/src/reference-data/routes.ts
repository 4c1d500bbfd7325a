import { actions, levelName, type ReferenceEntry, type ReferenceList, t } from '@wine/contracts';
import { type ReferenceDataEvent, referenceDataStream } from '@wine/event-schemas';
import { registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import { commandContext } from '../core/command-context.ts';
import type { Streams } from '../core/command-handler.ts';
import type { SessionAuth } from '../users/session/session-auth.ts';
import { type EntryFields, referenceDeciders } from './decide.ts';
import type { ListEntry } from './reference-list.ts';

export interface ReferenceDataRouteDeps {
  streams: Streams;
  clock: { now(): Date };
  auth: SessionAuth;
}

/** An entry as the wire carries it (seeds 001 §3 "id, level_id, level, value, description"). */
export const entryView = (table: ReferenceList, entry: ListEntry): ReferenceEntry => ({
  id: entry.id,
  table,
  value: entry.value,
  value_es: entry.valueEs,
  level_id: entry.levelId,
  level: levelName(table, entry.levelId),
  parent_id: entry.parentId,
  description: entry.description,
  active: entry.active ? 1 : 0,
});

/** The fields sent, the wire's snake_case to the domain's camelCase (left out: not sent). */
const changesOf = (input: {
  value?: string | undefined;
  value_es?: string | undefined;
  level_id?: number | undefined;
  parent_id?: number | null | undefined;
  description?: string | undefined;
}): Partial<EntryFields> => ({
  ...(input.value !== undefined && { value: input.value }),
  ...(input.value_es !== undefined && { valueEs: input.value_es }),
  ...(input.level_id !== undefined && { levelId: input.level_id }),
  ...(input.parent_id !== undefined && { parentId: input.parent_id }),
  ...(input.description !== undefined && { description: input.description }),
});

/**
 * Issue 38 §5 (seeds 001 §7 common/insertEntry, common/updateEntry): an admin adds an entry to a
 * managed list or changes one, each a fact on the list's own stream, where its id is given.
 */
export const referenceDataRoutes: FastifyPluginAsync<ReferenceDataRouteDeps> = async (
  app,
  { streams, clock, auth },
) => {
  /** The entry `id` of `table` as its stream now reads. */
  const current = async (table: ReferenceList, id: number) => {
    const list = await streams.load(referenceDataStream(table), referenceDeciders[table]);
    const entry = list.entries.find((e) => e.id === id);
    if (!entry) throw new Error(`entry ${id} of ${table} not found after it was written`);
    return entryView(table, entry);
  };

  registerAction(app, actions.insertEntry, auth, async (input, ctx) => {
    const result = await streams.handle(
      referenceDataStream(input.table),
      referenceDeciders[input.table],
      {
        type: 'AddEntry',
        fields: {
          value: input.value,
          valueEs: input.value_es,
          levelId: input.level_id,
          parentId: input.parent_id,
          description: input.description,
        },
      },
      commandContext(ctx, auth.adminOf(ctx.request), clock.now()),
    );
    // The id the list gave (a retry of the same x-command-id answers the same entry, written once).
    const added = result.events.find(
      (e): e is Extract<ReferenceDataEvent, { type: 'ReferenceEntryAdded' }> =>
        e.type === 'ReferenceEntryAdded',
    );
    if (!added) throw new Error('an added entry recorded no ReferenceEntryAdded');
    ctx.setMessage(t('referenceData.added'));
    return current(input.table, added.data.id);
  });

  registerAction(app, actions.updateEntry, auth, async (input, ctx) => {
    const result = await streams.handle(
      referenceDataStream(input.table),
      referenceDeciders[input.table],
      {
        type: 'UpdateEntry',
        id: input.id,
        changes: {
          ...changesOf(input),
          ...(input.active !== undefined && { active: input.active === 1 }),
        },
      },
      commandContext(ctx, auth.adminOf(ctx.request), clock.now()),
    );
    const types = result.events.map((e) => e.type);
    ctx.setMessage(
      t(
        types.includes('ReferenceEntryDeactivated')
          ? 'referenceData.deactivated'
          : types.includes('ReferenceEntryReactivated')
            ? 'referenceData.reactivated'
            : 'referenceData.saved',
      ),
    );
    return current(input.table, input.id);
  });
};
