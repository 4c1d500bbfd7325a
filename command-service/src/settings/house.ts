import { type HouseSettings, withSettingsEvent } from '@wine/contracts';
import type { SettingsEvent } from '@wine/event-schemas';
import type { Decider } from '../core/decider.ts';

/**
 * Issue 34 "Settings": the house's settings stream (`settings-house`). Its state is the settings every
 * command reads (the environment's first values with the admins' changes laid over them) and the last
 * record of each section, so saving what a section already reads records nothing.
 */
export interface House {
  settings: HouseSettings;
  last: Partial<Record<SettingsEvent['type'], unknown>>;
}

/** An admin's change: a whole section, as its event records it. */
export type HouseCommand = SettingsEvent;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const evolveHouse = (state: House, event: SettingsEvent): House => ({
  settings: withSettingsEvent(state.settings, event),
  last: { ...state.last, [event.type]: event.data },
});

/** A section saved as it already reads (a retried or repeated save) records nothing. */
export const decideHouse = (command: HouseCommand, state: House): SettingsEvent[] =>
  same(state.last[command.type], command.data) ? [] : [command];

/** The decider of the settings stream, from the environment's first values. */
export const houseDecider = (initial: HouseSettings): Decider<HouseCommand, SettingsEvent, House> => ({
  decide: decideHouse,
  evolve: evolveHouse,
  initialState: () => ({ settings: initial, last: {} }),
});
