import { type HouseSettings, houseSettingsFrom, type SettingsChange } from '@wine/contracts';
import { type SettingsEvent, START, settingsStream } from '@wine/event-schemas';
import type { DocumentStore } from '@wine/platform';
import { guardedUpdate } from '../core/guarded.ts';
import { defineProjection, type ProjectedOperation } from '../core/projection.ts';

export const SETTINGS = 'settings';
export const SETTINGS_CHANGES = 'settings_changes';

/** The last record of each settings section (issue 34), keyed by its event's type. */
export interface SettingsDocument {
  _id: 'house';
  [key: string]: unknown;
  sections: Partial<Record<SettingsEvent['type'], SettingsEvent['data']>>;
  _position: string;
}

/** One change, by its event's id: what, when and who (the acting admin's id). */
export interface SettingsChangeDocument {
  _id: string;
  [key: string]: unknown;
  section: SettingsChange['section'];
  at: string;
  by: string;
}

const sectionOf: Record<SettingsEvent['type'], SettingsChange['section']> = {
  MerchantDetailsChanged: 'merchant',
  BankDetailsChanged: 'bank',
  BiddingSettingsChanged: 'bidding',
  MoneySettingsChanged: 'money',
  CatalogueSettingsChanged: 'catalogue',
  ShippingSettingsChanged: 'shipping',
};

/** The `settings` read model: each section as last saved, and the list of changes. */
export const settingsProjection = defineProjection<SettingsEvent>({
  name: 'settings',
  collections: [SETTINGS, SETTINGS_CHANGES],
  handles: Object.keys(sectionOf) as SettingsEvent['type'][],
  indexes: { [SETTINGS_CHANGES]: [{ key: { at: -1 }, name: 'at' }] },
  project(event): ProjectedOperation[] {
    if (event.streamName !== settingsStream) return [];
    const change: SettingsChangeDocument = {
      _id: event.id,
      section: sectionOf[event.type],
      at: event.metadata.occurredAt,
      by: event.metadata.actor.id,
    };
    return [
      {
        collection: SETTINGS,
        operation: {
          updateOne: {
            filter: { _id: 'house' },
            update: { $setOnInsert: { sections: {}, _position: START } },
            upsert: true,
          },
        },
      },
      guardedUpdate(SETTINGS, 'house', event, { $set: { [`sections.${event.type}`]: event.data } }),
      {
        collection: SETTINGS_CHANGES,
        operation: {
          updateOne: { filter: { _id: change._id }, update: { $setOnInsert: change }, upsert: true },
        },
      },
    ];
  },
});

/**
 * The settings as they read now: the environment's first values with each section's last record laid
 * over them (the sections touch different settings, so their order does not matter).
 */
export async function currentSettings(docs: DocumentStore, initial: HouseSettings): Promise<HouseSettings> {
  const doc = await docs.collection<SettingsDocument>(SETTINGS).findOne({ _id: 'house' });
  if (!doc) return initial;
  const events = Object.entries(doc.sections).map(([type, data]) => ({ type, data }) as SettingsEvent);
  return houseSettingsFrom(initial, events);
}
