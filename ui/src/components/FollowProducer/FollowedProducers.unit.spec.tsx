import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import type { FollowedProducer } from '@wine/contracts';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { configureApi } from '../../api/client.ts';
import { sessionAtom } from '../../state/session.ts';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { fakeApi, type Handlers } from '../../test-utils/fake-api.ts';
import { aLot, aUser } from '../../test-utils/fixtures.ts';
import { render } from '../../test-utils/render.tsx';
import { AlertToasts } from '../AlertToasts/AlertToasts.tsx';
import { FollowedProducers } from './FollowedProducers.tsx';

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

const opus: FollowedProducer = {
  follows: 'Opus One',
  rating: 4,
  followed_at: '2026-11-22T12:00:00.000Z',
  lots: [aLot({ id: 'o1', title: '2018 Opus One' })],
  open_lots: 3,
};

async function renderProducers(records: FollowedProducer[], handlers: Handlers = {}) {
  const api = fakeApi(handlers);
  restore = configureApi({ fetch: api.fetch, getToken: () => 't' });
  const store = createStore();
  store.set(sessionAtom, { status: 'authenticated', token: 't', user: aUser() });
  const rendered = await render(
    <>
      <AlertToasts />
      <FollowedProducers records={records} />
    </>,
    { store, withNotifications: true },
  );
  return { ...rendered, api };
}

describe('FollowedProducers (/producers)', () => {
  it('shows each producer with its rating and open lots linking to the product', async () => {
    const { container } = await renderProducers([opus]);
    const section = screen.getByRole('region', { name: 'Opus One' });
    expect(within(section).getByText('3 open lots')).toBeTruthy();
    expect(within(section).getByRole('radio', { name: '4 of 5 stars' })).toHaveProperty('checked', true);
    expect(within(section).getByRole('link', { name: '2018 Opus One' }).getAttribute('href')).toBe(
      '/productview/o1',
    );
    await expectNoAxeViolations(container);
  });

  it('changes the rating, and unfollows once confirmed', async () => {
    const { user, api } = await renderProducers([opus], {
      addFollower: (input) => ({ follows: input.follows, rating: input.rating ?? 5 }),
      removeFollower: (input) => input,
    });
    await user.click(labelOf(screen.getByRole('radio', { name: '2 of 5 stars' })));
    await waitFor(() =>
      expect(api.to('addFollower').map((r) => r.input)).toEqual([{ follows: 'Opus One', rating: 2 }]),
    );
    await user.click(screen.getByRole('button', { name: 'Unfollow Opus One' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByTestId('confirm-unfollow'));
    await waitFor(() =>
      expect(api.to('removeFollower').map((r) => r.input)).toEqual([{ follows: 'Opus One' }]),
    );
  });

  it('has an empty state that leads to the browse page', async () => {
    await renderProducers([]);
    expect(screen.getByText('You follow no producers yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse wines' }).getAttribute('href')).toBe('/search');
  });
});
