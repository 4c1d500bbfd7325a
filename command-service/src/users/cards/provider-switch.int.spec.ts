import { actions, type CardList, type UserRecord } from '@wine/contracts';
import { userStream } from '@wine/event-schemas';
import { createLogger } from '@wine/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logFeed } from '../../core/follow-log.ts';
import { openTestCommandService, type TestCommandService } from '../../testing.ts';
import { secretKinds } from '../user-service.ts';
import { providerSwitch } from './provider-switch.ts';

/**
 * Issue 35 §2: the house switches its card provider (sandbox → Stripe); the cards kept with the
 * sandbox are dropped from each account once, their tokens leave the secret store, and the welcome
 * popup asks for them again (seeds 000 §4.8).
 */
let service: TestCommandService;
const logger = createLogger('silent');
beforeAll(async () => {
  service = await openTestCommandService();
});
afterAll(() => service.close());

const switchTo = (provider: string) =>
  providerSwitch(
    { streams: service.service.streams, clock: service.clock, secrets: service.secrets, provider, logger },
    logFeed(service.service.streams.store, logger),
  );

describe('a switch of card provider (issue 35 §2)', () => {
  it('drops the cards of the previous provider once, forgets their tokens and shows the welcome popup', async () => {
    const ann = await service.signUp('ann@switch.example');
    const { cardId } = await service.addCard(ann.token);
    const bob = await service.signUp('bob@switch.example');
    // The same provider as configured: nothing to drop.
    const same = switchTo('sandbox');
    await same.start();
    await same.stop();
    expect(await service.secrets.get(secretKinds.cardToken, cardId)).not.toBeNull();

    const stripe = switchTo('stripe');
    await stripe.start();
    await stripe.stop();
    const cards = await service.post<CardList>(actions.getCards.path, {}, { token: ann.token });
    expect(cards.body.data.responseData.data).toEqual([]);
    expect(await service.secrets.get(secretKinds.cardToken, cardId)).toBeNull();
    const me = await service.post<UserRecord>(actions.validateUser.path, {}, { token: ann.token });
    expect(me.body.data.responseData).toMatchObject({ popup_message: 1, card_on_file: false });
    const bobs = await service.post<UserRecord>(actions.validateUser.path, {}, { token: bob.token });
    expect(bobs.body.data.responseData).toMatchObject({ popup_message: 0 });

    // Read again (a restart, a second instance): written once.
    const before = (await service.service.streams.store.readStream(userStream(ann.id))).length;
    const again = switchTo('stripe');
    await again.start();
    await again.stop();
    expect((await service.service.streams.store.readStream(userStream(ann.id))).length).toBe(before);
    const types = (await service.service.streams.store.readStream(userStream(ann.id))).map((e) => e.type);
    expect(types.filter((t) => t === 'StoredCardsDropped')).toHaveLength(1);
  });
});
