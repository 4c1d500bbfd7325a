import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import type { AppointmentView, InvoiceDetail, SlotView } from '@wine/contracts';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../api/client.ts';
import { browser } from '../../lib/browser.ts';
import { sessionAtom } from '../../state/session.ts';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { Failure, fakeApi, withMessage } from '../../test-utils/fake-api.ts';
import { anInvoice, aUser } from '../../test-utils/fixtures.ts';
import { render } from '../../test-utils/render.tsx';
import { AlertToasts } from '../AlertToasts/AlertToasts.tsx';
import { PickupAppointment } from './PickupAppointment.tsx';

let restore = () => {};
afterEach(() => {
  restore();
  notifications.clean();
  vi.restoreAllMocks();
});

const TZ = 'America/Chicago';
/** A blob's text (jsdom's Blob has no `text()`). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
const slot = (starts_at: string, date: string, time: string, remaining: number): SlotView => ({
  starts_at,
  ends_at: new Date(Date.parse(starts_at) + 30 * 60_000).toISOString(),
  date,
  time,
  capacity: 3,
  remaining,
});
const MON_0930 = '2026-11-23T15:30:00.000Z';
const MON_1000 = '2026-11-23T16:00:00.000Z';
const MON_1030 = '2026-11-23T16:30:00.000Z';
const TUE_0930 = '2026-11-24T15:30:00.000Z';
const slots = [
  slot(MON_0930, '2026-11-23', '09:30', 0),
  slot(MON_1000, '2026-11-23', '10:00', 3),
  slot(MON_1030, '2026-11-23', '10:30', 1),
  slot(TUE_0930, '2026-11-24', '09:30', 2),
];
const view = (starts_at: string): AppointmentView => ({
  id: 'AP-1',
  invoice_id: 'inv-1',
  status: 'booked',
  starts_at,
  ends_at: new Date(Date.parse(starts_at) + 30 * 60_000).toISOString(),
  date: starts_at.slice(0, 10),
  time: '',
  time_zone: TZ,
  updated_at: '2026-11-22T18:00:00.000Z',
});
const pickupInvoice = (over: Partial<InvoiceDetail> = {}) =>
  anInvoice({ delivery_method: 'pickup', invoiceAddress: null, status: 'paid', ...over });

/** The pickup behind the fake API, kept as the server keeps it; `full` slots refuse a booking. */
function pickupServer(initial: string | null, full: string[] = [], offered: SlotView[] = slots) {
  let booked = initial;
  const api = fakeApi({
    getAppointmentForInvoice: () =>
      booked
        ? { records: [view(booked)], calendars: `BEGIN:VCALENDAR\r\nDTSTART:${booked}\r\n` }
        : { records: [], calendars: null },
    checkAppointments: () => ({ records: offered, totalRecords: offered.length, time_zone: TZ }),
    updateAppointment: ({ starts_at }) => {
      if (starts_at && full.includes(starts_at)) {
        throw new Failure(
          'This pickup time is full: choose another',
          409,
          { field: 'starts_at' },
          'SLOT_FULL',
        );
      }
      const was = booked;
      booked = starts_at ?? null;
      const message = !starts_at
        ? 'Pickup appointment cancelled'
        : was
          ? 'Pickup appointment moved'
          : 'Pickup appointment booked';
      return withMessage(message, booked ? view(booked) : null);
    },
  });
  return api;
}

async function renderPickup(api: ReturnType<typeof fakeApi>, invoice = pickupInvoice()) {
  restore = configureApi({ fetch: api.fetch, getToken: () => 't' });
  const store = createStore();
  store.set(sessionAtom, { status: 'authenticated', token: 't', user: aUser() });
  return render(
    <>
      <AlertToasts />
      <PickupAppointment invoice={invoice} />
    </>,
    { store, withNotifications: true, mantineEnv: 'test' },
  );
}

describe('the pickup appointment block', () => {
  it('books a free time of the first day with room, in Chicago time; a full time cannot be chosen', async () => {
    const api = pickupServer(null);
    const { user } = await renderPickup(api);
    const block = await screen.findByTestId('invoice-appointment');
    expect(within(block).getByText(/No pickup appointment yet/)).toBeTruthy();
    const times = await within(block).findAllByTestId('slot');
    expect(times.map((b) => b.textContent)).toEqual(['9:30 AMFull', '10:00 AM3 left', '10:30 AM1 left']);
    expect((times[0] as HTMLButtonElement).disabled).toBe(true);
    await expectNoAxeViolations(block);

    await user.click(times[2] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Book this pickup time?' });
    expect(
      within(dialog).getByText(
        'Monday, November 23, 2026 at 10:30 AM (Chicago time), at Fine Wine Auctions - Chicago.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByTestId('confirm-slot'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.to('updateAppointment').map((r) => r.input)).toEqual([
      { invoice_id: 'inv-1', starts_at: MON_1030 },
    ]);
    expect(await screen.findByText('Pickup appointment booked')).toBeTruthy();
    expect((await within(block).findByTestId('appointment-when')).textContent).toBe(
      'Monday, November 23, 2026 at 10:30 AM (Chicago time)',
    );
    expect(within(block).queryByTestId('slot-picker')).toBeNull();
  });

  it('offers the other days, and keeps the booked time when the new one filled meanwhile', async () => {
    const api = pickupServer(MON_1000, [TUE_0930]);
    const { user } = await renderPickup(api);
    const block = await screen.findByTestId('invoice-appointment');
    expect((await within(block).findByTestId('appointment-when')).textContent).toBe(
      'Monday, November 23, 2026 at 10:00 AM (Chicago time)',
    );
    await user.click(within(block).getByRole('button', { name: 'Change time' }));
    // The booked time is shown as the buyer's, not offered again.
    const mine = (await within(block).findAllByTestId('slot')).find((b) => b.dataset.startsAt === MON_1000);
    expect(mine?.textContent).toBe('10:00 AMYours');
    await user.click(within(block).getByRole('combobox', { name: 'Day' }));
    await user.click(await screen.findByRole('option', { name: 'Tue, Nov 24' }));
    const [tuesday] = within(block).getAllByTestId('slot');
    expect(tuesday?.textContent).toBe('9:30 AM2 left');
    await user.click(tuesday as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Move your pickup to this time?' });
    await user.click(within(dialog).getByTestId('confirm-slot'));
    expect(await within(dialog).findByText('This pickup time is full: choose another')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(block).getByTestId('appointment-when').textContent).toContain('10:00 AM');
    expect(api.to('checkAppointments').length).toBeGreaterThan(1);
  });

  it("opens the move on the next day with a free time when the booked time is its day's last", async () => {
    const mondayFull = [
      slot(MON_0930, '2026-11-23', '09:30', 0),
      slot(MON_1000, '2026-11-23', '10:00', 0),
      slot(MON_1030, '2026-11-23', '10:30', 2),
      slot(TUE_0930, '2026-11-24', '09:30', 2),
    ];
    const { user } = await renderPickup(pickupServer(MON_1030, [], mondayFull));
    const block = await screen.findByTestId('invoice-appointment');
    await user.click(await within(block).findByRole('button', { name: 'Change time' }));
    const times = await within(block).findAllByTestId('slot');
    expect(times.map((b) => [b.textContent, (b as HTMLButtonElement).disabled])).toEqual([
      ['9:30 AM2 left', false],
    ]);
    expect((within(block).getByRole('combobox', { name: 'Day' }) as HTMLInputElement).value).toBe(
      'Tue, Nov 24',
    );
  });

  it('cancels after asking, and adds the booked time to a calendar as an .ics file', async () => {
    const save = vi.spyOn(browser, 'saveBlob').mockImplementation(() => {});
    const api = pickupServer(MON_1030);
    const { user } = await renderPickup(api);
    const block = await screen.findByTestId('invoice-appointment');
    await user.click(await within(block).findByRole('button', { name: 'Add to calendar' }));
    const [blob, fileName] = save.mock.calls[0] ?? [];
    expect(fileName).toBe('pickup-inv-1.ics');
    expect(blob?.type).toBe('text/calendar');
    expect(await textOf(blob as Blob)).toContain(`DTSTART:${MON_1030}`);

    await user.click(within(block).getByRole('button', { name: 'Cancel appointment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your pickup appointment?' });
    await user.click(within(dialog).getByTestId('confirm-cancel-appointment'));
    expect(await screen.findByText('Pickup appointment cancelled')).toBeTruthy();
    expect(api.to('updateAppointment').at(-1)?.input).toEqual({ invoice_id: 'inv-1', starts_at: null });
    expect(await within(block).findByText(/No pickup appointment yet/)).toBeTruthy();
  });

  it('shows a delivered order’s block as recorded, asking for no pickup times', async () => {
    const api = pickupServer(null);
    await renderPickup(api, anInvoice({ delivery_method: 'delivery' }));
    expect(
      within(await screen.findByTestId('invoice-appointment')).getByText('No pickup appointment yet'),
    ).toBeTruthy();
    expect(api.requests).toEqual([]);
  });
});

describe('the pickup of a won lot (seeds 001 checkAppointmentsForAuction)', () => {
  it("offers the auction's slots, from the day after its last lot closes, and says so", async () => {
    const tuesday = slots.filter((s) => s.date === '2026-11-24');
    const api = fakeApi({
      getAppointmentForInvoice: () => ({ records: [], calendars: null }),
      checkAppointmentsForAuction: ({ auction_id }) => ({
        records: tuesday,
        totalRecords: tuesday.length,
        time_zone: TZ,
        auction_id,
        last_close: '2026-11-23T20:00:00.000Z',
        first_day: '2026-11-24',
        invoice_ids: ['inv-1'],
      }),
    });
    const invoice = pickupInvoice({
      kind: 'auction',
      invoiceItems: [{ ...anInvoice().invoiceItems[0]!, auction_id: 'fall-sale' }],
    });
    await renderPickup(api, invoice);
    const block = await screen.findByTestId('invoice-appointment');
    expect((await within(block).findByTestId('auction-ready-from')).textContent).toBe(
      'This sale’s lots are ready from 11-24-2026, the day after its last lot closes.',
    );
    expect((await within(block).findAllByTestId('slot')).map((b) => b.textContent)).toEqual([
      '9:30 AM2 left',
    ]);
    expect(api.to('checkAppointmentsForAuction').map((r) => r.input)).toEqual([{ auction_id: 'fall-sale' }]);
    expect(api.to('checkAppointments')).toHaveLength(0);
  });
});
