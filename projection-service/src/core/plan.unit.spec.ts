import { describe, expect, it } from 'vitest';
import { planLanes } from './plan.ts';
import type { Projection } from './projection.ts';
import { rateMeter } from './rate.ts';
import { eventRecorder } from './testing.ts';

const projection = (name: string, throwsOn: string | null = null): Projection => ({
  name,
  collections: [name],
  handles: new Set(['Noted']),
  project: (event) => {
    if (event.id === throwsOn) throw new Error(`bad ${event.id}`);
    return [{ collection: name, operation: { deleteOne: { filter: { _id: event.id } } } }];
  },
});

describe('planLanes', () => {
  const record = eventRecorder();
  const events = [1, 2, 3, 4].map((i) => record('note-1', i === 3 ? 'Other' : 'Noted', { i }));
  const [e1, e2, e3, e4] = events;

  it('given a projection that throws on an event, when planned, then it stops there and the others go on', () => {
    const { byCollection, outcomes } = planLanes(
      [
        { projection: projection('a', e2?.id ?? null), after: '' },
        { projection: projection('b'), after: '' },
      ],
      events,
    );
    expect(outcomes[0]).toMatchObject({
      name: 'a',
      last: e1?.position,
      applied: 1,
      failure: { event: e2, error: `bad ${e2?.id}` },
    });
    expect(outcomes[1]).toMatchObject({ name: 'b', last: e4?.position, applied: 4, failure: null });
    expect(byCollection.get('a')).toHaveLength(1);
    expect(byCollection.get('b')).toHaveLength(3);
  });

  it('given a skip for the poisoned event, when planned, then it passes it without applying it', () => {
    const { byCollection, outcomes } = planLanes(
      [{ projection: projection('a', e2?.id ?? null), after: '', skips: new Set([e2?.id ?? '']) }],
      events,
    );
    expect(outcomes[0]).toMatchObject({ last: e4?.position, skipped: 1, failure: null });
    expect(byCollection.get('a')).toHaveLength(2);
  });

  it('given a projection already past some events, when planned, then it applies only the later ones', () => {
    const { outcomes } = planLanes([{ projection: projection('a'), after: e3?.position ?? '' }], events);
    expect(outcomes[0]).toMatchObject({ last: e4?.position, applied: 1 });
  });

  it('given projections of other types, when planned, then each projects only its types and passes every event', () => {
    const other: Projection = { ...projection('o'), handles: new Set(['Other']) };
    const { byCollection, outcomes } = planLanes(
      [
        { projection: projection('a'), after: e1?.position ?? '' },
        { projection: other, after: '' },
      ],
      events,
    );
    expect(outcomes[0]).toMatchObject({ last: e4?.position, applied: 3, skipped: 0, failure: null });
    expect(outcomes[1]).toMatchObject({ last: e4?.position, applied: 4, failure: null });
    expect(byCollection.get('a')).toHaveLength(2);
    expect(byCollection.get('o')).toEqual([{ deleteOne: { filter: { _id: e3?.id } } }]);
  });

  it('given a projection past the whole batch, when planned, then it passes nothing', () => {
    const { byCollection, outcomes } = planLanes(
      [{ projection: projection('a'), after: e4?.position ?? '' }],
      events,
    );
    expect(outcomes[0]).toMatchObject({ last: null, applied: 0 });
    expect(byCollection.size).toBe(0);
  });
});

describe('rateMeter', () => {
  it('gives events per second over the last ten seconds and forgets older ones', () => {
    const rate = rateMeter();
    rate.add(50, 1_000);
    rate.add(50, 5_500);
    expect(rate.perSecond(6_000)).toBe(10);
    expect(rate.perSecond(12_000)).toBe(5);
    expect(rate.perSecond(30_000)).toBe(0);
  });
});
