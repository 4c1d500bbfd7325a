import { USERS, type UserDocument } from '@wine/contracts';
import { padPosition, type RecordedEvent } from '@wine/event-schemas';
import { createEmbeddedDocumentStore } from '@wine/platform';
import { recordedEvent } from '@wine/platform/testing';
import { describe, expect, it } from 'vitest';
import { planBatch } from '../core/runner.ts';
import { usersProjection } from './project.ts';

let position = 0;
const recorded = (type: string, data: unknown): RecordedEvent => {
  position += 1;
  return recordedEvent(
    {
      id: `e${position}`,
      type,
      data,
      streamName: 'user-u-1',
      revision: position - 1,
      position: padPosition(position),
    },
    {
      commandId: `cmd-${position}`,
      actor: { kind: 'user', id: 'u-1' },
      occurredAt: `2026-11-22T12:00:0${position % 10}.000Z`,
    },
  );
};

const history = [
  recorded('UserRegistered', {
    userId: 'u-1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    phone: null,
    countryCode: '+1',
    newsletter: true,
    registeredAt: '2026-11-22T12:00:00.000Z',
    popupMessage: 1,
  }),
  recorded('EmailVerified', { via: 'code' }),
  recorded('SignedIn', {}),
  recorded('ProfileUpdated', { lastName: 'King' }),
  recorded('PopupAcknowledged', {}),
  recorded('CardAdded', { cardId: 'c1' }),
  recorded('CardAdded', { cardId: 'c2' }),
  recorded('CardRemoved', { cardId: 'c1' }),
  recorded('KycChecked', { provider: 'sandbox', status: 'approved', reference: 'K-1' }),
  recorded('UserStatusChanged', { status: 'deactivate' }),
];

async function project(events: RecordedEvent[]) {
  const docs = createEmbeddedDocumentStore();
  for (const event of events) {
    const { byCollection } = planBatch([usersProjection], [event]);
    for (const [name, ops] of byCollection) await docs.collection(name).bulkWrite(ops);
  }
  return docs.collection<UserDocument>(USERS).findOne({ _id: 'u-1' });
}

describe('users projection', () => {
  it('given the history of a user, then the document holds its public state and the last position', async () => {
    const doc = await project(history);
    expect(doc).toMatchObject({
      first_name: 'Ada',
      last_name: 'King',
      email: 'ada@example.com',
      email_verified: true,
      popup_message: 0,
      status: 'deactivate',
      cards_on_file: 1,
      kyc_status: 'approved',
      last_login_at: history[2]?.metadata.occurredAt,
      _position: history.at(-1)?.position,
    });
  });

  it('when the whole history is delivered again (at least once), then nothing changes', async () => {
    expect(await project([...history, ...history])).toEqual(await project(history));
  });

  it('when an older event arrives after a newer one, then the newer state stays', async () => {
    const renamed = recorded('ProfileUpdated', { lastName: 'Byron' });
    const stale = history[3] as RecordedEvent;
    const doc = await project([...history, renamed, stale]);
    expect(doc?.last_name).toBe('Byron');
  });
});
