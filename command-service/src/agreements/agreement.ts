import type { AgreementEvent, AgreementRequested } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import type { z } from 'zod';
import type { Decider } from '../core/decider.ts';

type Status = 'uploaded' | 'draft' | 'sent' | 'viewed' | 'completed' | 'declined' | 'voided' | 'error';

/** How far along a document is: a later event never takes it back (webhooks come in any order). */
const rank: Record<Status, number> = {
  uploaded: 0,
  draft: 1,
  sent: 2,
  viewed: 3,
  completed: 4,
  declined: 4,
  voided: 4,
  error: 4,
};
/** Signed, refused, cancelled or never made: nothing moves it any more. */
export const isFinal = (status: Status) => rank[status] === 4;

/**
 * A consignment agreement on its own `agreement-<id>` stream (issue 35 §4): requested once (its id
 * is the request's, so a retried request finds the one it made), sent once, then moved by the
 * documents service's events, each applied once by the service's event id and never backwards: a
 * late "viewed" after "completed" changes nothing.
 */
export type Agreement =
  | { status: 'none' }
  | {
      status: Status;
      requested: z.infer<typeof AgreementRequested.schema>;
      sent: boolean;
      /** The service's event ids applied, so a redelivered webhook is one. */
      events: string[];
    };

export type AgreementCommand =
  | { type: 'RequestAgreement'; data: z.infer<typeof AgreementRequested.schema> }
  | { type: 'MarkAgreementSent' }
  | { type: 'ChangeAgreementStatus'; status: Status; eventId: string };

export function decideAgreement(command: AgreementCommand, state: Agreement): AgreementEvent[] {
  if (command.type === 'RequestAgreement') {
    return state.status === 'none' ? [{ type: 'AgreementRequested', data: command.data }] : [];
  }
  if (state.status === 'none') throw new AppError('AGREEMENT_NOT_FOUND');
  const agreementId = state.requested.agreementId;
  if (command.type === 'MarkAgreementSent') {
    return state.sent ? [] : [{ type: 'AgreementSent', data: { agreementId } }];
  }
  if (state.events.includes(command.eventId) || isFinal(state.status)) return [];
  if (rank[command.status] <= rank[state.status]) return [];
  return [
    {
      type: 'AgreementStatusChanged',
      data: { agreementId, status: command.status, eventId: command.eventId },
    },
  ];
}

export function evolveAgreement(state: Agreement, event: AgreementEvent): Agreement {
  switch (event.type) {
    case 'AgreementRequested':
      return { status: 'uploaded', requested: event.data, sent: false, events: [] };
    case 'AgreementSent':
      return state.status === 'none'
        ? state
        : { ...state, sent: true, status: rank[state.status] < rank.sent ? 'sent' : state.status };
    case 'AgreementStatusChanged':
      return state.status === 'none'
        ? state
        : { ...state, status: event.data.status, events: [...state.events, event.data.eventId].slice(-50) };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}

export const agreementDecider: Decider<AgreementCommand, AgreementEvent, Agreement> = {
  decide: decideAgreement,
  evolve: evolveAgreement,
  initialState: () => ({ status: 'none' }),
};
