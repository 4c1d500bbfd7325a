import type { Position } from '@wine/event-schemas';
import { z } from 'zod';
import type { LotView } from './lot-document.ts';

/** Channels a socket can subscribe to: every lot ('lots') or one lot ('lot:<id>'). */
export const Channel = z.union([z.literal('lots'), z.string().regex(/^lot:[a-zA-Z0-9_-]{1,64}$/)]);

export const ClientMessage = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('subscribe'), channels: z.array(Channel).min(1).max(200) }),
  z.strictObject({ type: z.literal('unsubscribe'), channels: z.array(Channel).min(1).max(200) }),
  /** After a reconnect: send me every change after this log position. */
  z.strictObject({ type: z.literal('resume'), after: z.string().max(64) }),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

/** seeds 000 §7: the socket's servertime message with dTime, the authoritative clock. */
export interface ServerTimeMessage {
  type: 'servertime';
  dTime: string;
}
export interface LotChangedMessage {
  type: 'lotChanged';
  position: Position;
  event: string;
  lot: LotView;
}
/** The server could not replay from the asked position (too old): reload what you show. */
export interface ResyncMessage {
  type: 'resync';
  position: Position;
}
export interface ErrorMessage {
  type: 'error';
  message: string;
}
export type ServerMessage = ServerTimeMessage | LotChangedMessage | ResyncMessage | ErrorMessage;

/** Bus subjects the read side publishes on after a read model is committed. */
export const subjects = {
  lotChanged: (lotId: string) => `market.lot.${lotId}.changed`,
  anyLotChanged: 'market.lot.*.changed',
} as const;

/** The bus message for a committed lot change. */
export interface LotChangedNotice {
  position: Position;
  eventId: string;
  event: string;
  lot: LotView;
}
