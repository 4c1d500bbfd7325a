import { notifications } from '@mantine/notifications';
import { act, screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { alertsAtom, pushAlertAtom } from '../../state/alerts.ts';
import { render } from '../../test-utils/render.tsx';
import { AlertToasts } from './AlertToasts.tsx';

describe('AlertToasts', () => {
  afterEach(() => notifications.clean());

  it('shows a queued alert once, even when pushed twice', async () => {
    const store = createStore();
    await render(<AlertToasts />, { store, withNotifications: true });
    await act(async () => {
      store.set(pushAlertAtom, { msg: 'Something went wrong!' });
      store.set(pushAlertAtom, { msg: 'Something went wrong!' });
    });
    expect(store.get(alertsAtom)).toHaveLength(1);
    expect(await screen.findAllByText('Something went wrong!')).toHaveLength(1);
  });
});
