import type { DomainEvent } from '@wine/event-schemas';
import { expect } from 'vitest';
import type { Decider } from './decider.ts';

/** given (events) / when (command) / then (events or error), with no store (Emmett's DeciderSpecification). */
export function deciderSpec<Command, Event extends DomainEvent, State>(
  decider: Decider<Command, Event, State>,
) {
  return (given: Event[]) => ({
    when: (command: Command) => {
      const run = () => decider.decide(command, given.reduce(decider.evolve, decider.initialState()));
      return {
        // biome-ignore lint/suspicious/noThenProperty: given/when/then is the spec's vocabulary; never awaited
        then: (expected: Event[]) => expect(run()).toEqual(expected),
        thenThrows: (match: { code?: string; message?: string | RegExp }) => {
          let thrown: unknown;
          try {
            run();
          } catch (error) {
            thrown = error;
          }
          expect(thrown, 'expected the command to be refused').toBeInstanceOf(Error);
          if (match.code) expect((thrown as { code?: string }).code).toBe(match.code);
          if (match.message) expect((thrown as Error).message).toMatch(match.message);
        },
      };
    },
  });
}
