import type { ConsignmentEnquiryReceived, ContactEnquiryReceived, EnquiryEvent } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import type { z } from 'zod';
import type { Decider } from '../core/decider.ts';

type ContactData = z.infer<typeof ContactEnquiryReceived.schema>;
type ConsignmentData = z.infer<typeof ConsignmentEnquiryReceived.schema>;

/**
 * A visitor's enquiry on its own stream `enquiry-<id>` (issue 11 items 2 and 3): received once.
 * The id is derived from the request's command id, so a retried request finds the enquiry it made.
 */
export type Enquiry =
  | { status: 'empty' }
  | {
      status: 'received';
      kind: 'contact' | 'consignment';
      email: string;
      /** What the visitor wrote about, for the answer's subject. */
      about: string;
      answers: number;
    };

export type EnquiryCommand =
  | { type: 'ReceiveContactEnquiry'; data: ContactData }
  | { type: 'ReceiveConsignmentEnquiry'; data: ConsignmentData }
  /** Issue 34: an admin answers by mail (each answer its own event; a retried one is one). */
  | { type: 'AnswerEnquiry'; enquiryId: string; message: string };

export function decideEnquiry(command: EnquiryCommand, state: Enquiry): EnquiryEvent[] {
  if (command.type === 'AnswerEnquiry') {
    if (state.status === 'empty') throw new AppError('ENQUIRY_NOT_FOUND');
    return [
      {
        type: 'EnquiryAnswered',
        data: { enquiryId: command.enquiryId, message: command.message, to: state.email },
      },
    ];
  }
  // An enquiry is a fact that happened once; the same id again records nothing.
  if (state.status === 'received') return [];
  switch (command.type) {
    case 'ReceiveContactEnquiry':
      return [{ type: 'ContactEnquiryReceived', data: command.data }];
    case 'ReceiveConsignmentEnquiry':
      return [{ type: 'ConsignmentEnquiryReceived', data: command.data }];
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}

export function evolveEnquiry(_state: Enquiry, event: EnquiryEvent): Enquiry {
  switch (event.type) {
    case 'ContactEnquiryReceived':
      return {
        status: 'received',
        kind: 'contact',
        email: event.data.email,
        about: event.data.subject,
        answers: 0,
      };
    case 'ConsignmentEnquiryReceived':
      return { status: 'received', kind: 'consignment', email: event.data.email, about: '', answers: 0 };
    case 'EnquiryAnswered':
      return _state.status === 'empty' ? _state : { ..._state, answers: _state.answers + 1 };
    default: {
      const _exhaustive: never = event;
      return _state;
    }
  }
}

export const enquiryDecider: Decider<EnquiryCommand, EnquiryEvent, Enquiry> = {
  decide: decideEnquiry,
  evolve: evolveEnquiry,
  initialState: () => ({ status: 'empty' }),
};
