import { screen, waitFor, within } from '@testing-library/react';
import type { InputOf, OpsStatus, ProjectionStatusView, Role } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test-utils/app.tsx';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { aUser } from '../../test-utils/fixtures.ts';

type Api = NonNullable<Parameters<typeof renderApp>[1]>['api'];

const projection = (over: Partial<ProjectionStatusView> = {}): ProjectionStatusView => ({
  name: 'lots',
  position: '00000000000000000120',
  lagEvents: 0,
  lagSeconds: 0,
  eventsPerSecond: 12.5,
  state: 'live',
  eventsApplied: 120,
  failure: null,
  rebuild: null,
  ...over,
});

const failure = {
  position: '00000000000000000100',
  eventId: 'ev-100',
  eventType: 'BidPlaced',
  streamName: 'lot-7',
  error: 'cannot read the amount',
  at: '2026-11-24T09:00:00.000Z',
};

function opsDesk() {
  const skips: InputOf<'opsSkip'>[] = [];
  let bids = projection({ name: 'bids', state: 'stopped-on-error', lagEvents: 20, lagSeconds: 4.2, failure });
  const status = (): OpsStatus => ({
    head: { position: '00000000000000000120', at: '2026-11-24T09:00:00.000Z' },
    projections: [projection(), bids],
    realtime: { socketsConnected: 3, messagesPerSecond: 7.5 },
    checkedAt: '2026-11-24T09:00:01.000Z',
  });
  const api: Api = {
    opsStatus: status,
    opsSkip: (input) => {
      skips.push(input);
      bids = projection({ name: 'bids' });
      return status();
    },
  };
  return { api, skips };
}

const support = (roles: Role[], api: Api = {}) =>
  renderApp('/ops', {
    storedToken: 'tok-1',
    api: { validateUser: () => aUser({ roles, isAdmin: roles.includes('admin') }), ...api },
  });

const rowOf = (name: string) =>
  screen.getAllByTestId('ops-projection').find((row) => row.dataset.projection === name) as HTMLElement;

describe('/ops', () => {
  it('shows each read model with its lag and error, and skips the failed event with a reason', async () => {
    const desk = opsDesk();
    const { user } = await support(['support'], desk.api);
    await screen.findByTestId('ops-projections');
    expect(screen.getByTestId('ops-head').textContent).toBe('120');
    expect(screen.getByTestId('ops-sockets').textContent).toBe('3');
    expect(rowOf('bids').dataset.state).toBe('stopped-on-error');
    expect(within(rowOf('bids')).getByTestId('ops-error').textContent).toBe('cannot read the amount');
    expect(within(rowOf('lots')).queryByRole('button', { name: 'Retry lots' })).toBeNull();
    await expectNoAxeViolations(screen.getByRole('main'));

    await user.click(within(rowOf('bids')).getByRole('button', { name: 'Skip the failed event of bids' }));
    const dialog = await screen.findByRole('dialog', { name: 'Skip an event for bids' });
    await user.click(within(dialog).getByRole('button', { name: 'Skip the event' }));
    expect(await within(dialog).findByText('Say why the event is skipped')).toBeTruthy();
    expect(desk.skips).toEqual([]);
    await user.type(within(dialog).getByLabelText(/Reason/), 'Corrupt amount, fixed by a refund');
    await user.click(within(dialog).getByRole('button', { name: 'Skip the event' }));
    await waitFor(() => expect(rowOf('bids').dataset.state).toBe('live'));
    expect(desk.skips).toEqual([
      { projection: 'bids', eventId: 'ev-100', reason: 'Corrupt amount, fixed by a refund' },
    ]);
  });

  it('tells a user without the support role the page is not theirs, and asks the server nothing', async () => {
    const { api } = await support([], {});
    expect(await screen.findByTestId('ops-staff-only')).toBeTruthy();
    expect(api.to('opsStatus')).toEqual([]);
  });
});
