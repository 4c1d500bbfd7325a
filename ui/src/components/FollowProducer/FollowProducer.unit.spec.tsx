import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { configureApi } from '../../api/client.ts';
import { sessionAtom } from '../../state/session.ts';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { Failure, fakeApi, type Handlers, withMessage } from '../../test-utils/fake-api.ts';
import { aUser } from '../../test-utils/fixtures.ts';
import { render } from '../../test-utils/render.tsx';
import { AlertToasts } from '../AlertToasts/AlertToasts.tsx';
import { FollowProducer } from './FollowProducer.tsx';

let restore = () => {};
/** A star is chosen by its label, as a pointer does (the radio itself is hidden under it). */
const labelOf = (radio: HTMLElement) => {
  const label = (radio as HTMLInputElement).labels?.[0];
  if (!label) throw new Error('a star without a label');
  return label;
};
afterEach(() => {
  restore();
  notifications.clean();
});

async function renderFollow(handlers: Handlers, signedIn = true) {
  const api = fakeApi(handlers);
  restore = configureApi({ fetch: api.fetch, getToken: () => (signedIn ? 't' : null) });
  const store = createStore();
  if (signedIn) store.set(sessionAtom, { status: 'authenticated', token: 't', user: aUser() });
  const rendered = await render(
    <>
      <AlertToasts />
      <FollowProducer producer="Opus One" lotId="lot-7" />
    </>,
    { store, withNotifications: true },
  );
  return { ...rendered, api };
}

const followers = (records: { follows: string; rating: number }[] = []) => ({
  records: records.map((r) => ({ ...r, followed_at: '2026-11-22T12:00:00.000Z' })),
  totalRecords: records.length,
});

describe('FollowProducer (seeds 000 §2.7 follow-producer dialog)', () => {
  it('opens a dialog with 5 stars chosen, and Cancel sends nothing', async () => {
    const { user, api } = await renderFollow({ getFollowers: () => followers() });
    await user.click(await screen.findByRole('button', { name: 'Follow producer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Follow Opus One' });
    expect(within(dialog).getByRole('radio', { name: '5 of 5 stars' })).toHaveProperty('checked', true);
    await expectNoAxeViolations(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.to('addFollower')).toEqual([]);
  });

  it('submits the rating chosen and says so', async () => {
    const { user, api } = await renderFollow({
      getFollowers: () => followers(),
      addFollower: (input) =>
        withMessage('You follow Opus One (3 stars)', { follows: input.follows, rating: input.rating ?? 5 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Follow producer' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(labelOf(within(dialog).getByRole('radio', { name: '3 of 5 stars' })));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.to('addFollower').map((r) => r.input)).toEqual([{ follows: 'Opus One', rating: 3 }]);
    expect(await screen.findByText('You follow Opus One (3 stars)')).toBeTruthy();
  });

  it('shows the rating of a followed producer, and keeps the dialog open with the reason on a refusal', async () => {
    const { user } = await renderFollow({
      getFollowers: () => followers([{ follows: 'Opus One', rating: 4 }]),
      addFollower: () => {
        throw new Failure(
          'You follow as many producers as you can; unfollow one first',
          400,
          { field: 'follows' },
          'FOLLOWS_FULL',
        );
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Following · 4★' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: '4 of 5 stars' })).toHaveProperty('checked', true);
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect((await within(dialog).findByTestId('dialog-failure')).textContent).toBe(
      'You follow as many producers as you can; unfollow one first',
    );
  });

  it('sends a visitor to sign in, back to the product', async () => {
    await renderFollow({}, false);
    expect(screen.getByRole('link', { name: 'Follow producer' }).getAttribute('href')).toBe(
      '/login?pid=lot-7',
    );
  });
});
