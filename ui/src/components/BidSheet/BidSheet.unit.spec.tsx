import { screen, waitFor, within } from '@testing-library/react';
import type { BidSheetLineView, BidSheetView, LotView } from '@wine/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { renderWithApi } from '../../test-utils/component.tsx';
import { Failure, type Handlers, withMessage } from '../../test-utils/fake-api.ts';
import { aLot, anAuction, aUser } from '../../test-utils/fixtures.ts';
import { LiveAuction } from '../LiveAuction/LiveAuction.tsx';
import { BidSheet } from './BidSheet.tsx';
import { BidSheetScreen } from './BidSheetScreen.tsx';
import { draftOf, inputOf, totalWithPremium } from './bid-sheet-form.ts';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

/** Three open lots of auction a-1, numbered 1 to 3, next bid $100. */
const lots: LotView[] = [1, 2, 3].map((n) =>
  aLot({
    id: `l${n}`,
    custitemlot_number: String(n),
    title: `Wine ${n}`,
    next_bid: 10_000,
    auctionid: 'a-1',
  }),
);
const noSheet: BidSheetView = {
  auction_id: 'a-1',
  status: 'none',
  limit: 0,
  committed: 0,
  remaining: 0,
  locked: false,
  lines: [],
  groups: [],
  saved_at: null,
};
const line = (lotId: string, over: Partial<BidSheetLineView>): BidSheetLineView => ({
  lot_id: lotId,
  lot_number: lotId.slice(1),
  title: `Wine ${lotId.slice(1)}`,
  max: 50_000,
  status: 'waiting',
  cap: null,
  premium_percent: null,
  amount: null,
  premium: null,
  group: null,
  refused_code: null,
  ...over,
});

async function renderSheet(sheet: BidSheetView = noSheet, api: Handlers = {}) {
  return renderWithApi(
    <BidSheet auctionId="a-1" auctionTitle="Winter Sale" lots={lots} sheet={sheet} premiumPercent={20} />,
    { api, signedInAs: aUser({ card_on_file: true }), mantineEnv: 'test' },
  );
}

const maxField = (n: number) => screen.getByRole('textbox', { name: `Your maximum for lot ${n}` });
const groupField = (n: number) => screen.getByRole('combobox', { name: `Either/or group for lot ${n}` });

describe('the bid sheet form (issue 37 §6)', () => {
  it('builds the sheet in dollars with either/or groups, shows the total with the premium, and sends cents', async () => {
    const { user, api, container } = await renderSheet(noSheet, {
      bidSheetSave: () =>
        withMessage('Your bid sheet is saved', {
          auction_id: 'a-1',
          status: 'active' as const,
          limit: 100_000,
          lines: 3,
          position: '1',
        }),
      bidSheetGet: () => noSheet,
    });
    await user.type(screen.getByRole('textbox', { name: /Your limit/ }), '1,000');
    await user.type(maxField(1), '500');
    await user.type(maxField(2), '400');
    await user.type(maxField(3), '300.50');
    await user.selectOptions(groupField(1), 'A');
    await user.selectOptions(groupField(2), 'A');
    // $1,200.50 at every maximum is $1,440.60 with the 20% premium: the limit caps it.
    expect(screen.getByTestId('sheet-total').textContent).toBe(
      'At all your maximums: $1,440.60 with the premium',
    );
    expect(screen.getByTestId('sheet-capped').textContent).toContain('$1,000.00');
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: 'Save the bid sheet' }));
    await waitFor(() =>
      expect(api.to('bidSheetSave').map((r) => r.input)).toEqual([
        {
          auction_id: 'a-1',
          limit: 100_000,
          lines: [
            { lot_id: 'l1', max: 50_000 },
            { lot_id: 'l2', max: 40_000 },
            { lot_id: 'l3', max: 30_050 },
          ],
          groups: [{ lot_ids: ['l1', 'l2'] }],
        },
      ]),
    );
    expect((await screen.findByTestId('sheet-answer')).textContent).toBe('Your bid sheet is saved');
  });

  it('says what is wrong before sending: an amount that is not one, a group of one lot, a grouped lot without a maximum', async () => {
    const { user, api } = await renderSheet();
    await user.type(screen.getByRole('textbox', { name: /Your limit/ }), '500');
    await user.type(maxField(1), 'lots');
    await user.type(maxField(3), '200');
    await user.selectOptions(groupField(3), 'C');
    await user.click(screen.getByRole('button', { name: 'Save the bid sheet' }));
    expect(
      within(screen.getByTestId('sheet-row-l1')).getByText('Enter an amount in whole cents, at least 1'),
    ).toBeTruthy();
    expect(screen.getByTestId('group-problem-C').textContent).toBe('Group C: A group holds two lots or more');
    expect(screen.getByTestId('sheet-problem').textContent).toBe('Check the fields marked in red.');
    // l1 an amount now, grouped with l2, which has no maximum.
    await user.clear(maxField(1));
    await user.type(maxField(1), '100');
    await user.selectOptions(groupField(3), '');
    await user.selectOptions(groupField(1), 'B');
    await user.selectOptions(groupField(2), 'B');
    await user.click(screen.getByRole('button', { name: 'Save the bid sheet' }));
    expect(
      within(screen.getByTestId('sheet-row-l2')).getByText('Put a maximum on this lot before grouping it'),
    ).toBeTruthy();
    expect(screen.queryByTestId('group-problem-C')).toBeNull();
    expect(api.to('bidSheetSave')).toEqual([]);
  });

  it('puts the server’s refusal under the lot it names, and the limit’s under the limit', async () => {
    let answer = 0;
    const { user } = await renderSheet(noSheet, {
      bidSheetSave: () => {
        answer += 1;
        if (answer === 1)
          throw new Failure(
            'Lot l2: your maximum must be at least $150.00',
            422,
            { field: 'lines.1.max' },
            'BIDSHEET_MAX_TOO_LOW',
          );
        throw new Failure(
          'Your limit must cover at least one lot with the premium: $120.00 or more',
          422,
          { field: 'limit' },
          'BIDSHEET_LIMIT_TOO_LOW',
        );
      },
    });
    await user.type(screen.getByRole('textbox', { name: /Your limit/ }), '100');
    await user.type(maxField(1), '120');
    await user.type(maxField(2), '120');
    await user.click(screen.getByRole('button', { name: 'Save the bid sheet' }));
    expect(
      await within(screen.getByTestId('sheet-row-l2')).findByText(
        'Lot l2: your maximum must be at least $150.00',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save the bid sheet' }));
    expect(
      await screen.findByText('Your limit must cover at least one lot with the premium: $120.00 or more'),
    ).toBeTruthy();
  });

  it('shows each line’s status and what remains of the limit; a sheet the house bids from no longer changes, and can be cancelled', async () => {
    const placed: BidSheetView = {
      auction_id: 'a-1',
      status: 'active',
      limit: 200_000,
      committed: 54_000 + 84_000,
      remaining: 62_000,
      locked: true,
      groups: [{ lot_ids: ['l1', 'l2'] }],
      saved_at: '2030-01-01T00:00:00.000Z',
      lines: [
        line('l1', { status: 'won', cap: 50_000, amount: 45_000, premium: 9_000, group: 0 }),
        line('l2', { status: 'skipped', group: 0 }),
        line('l3', { status: 'bidding', cap: 70_000, max: 90_000, premium_percent: 20 }),
        line('l4', { status: 'lost' }),
        line('l5', { status: 'refused', refused_code: 'BIDDING_CLOSED' }),
        line('l6', { status: 'bidding', cap: 20_000, max: 20_000 }),
        line('l7', { status: 'waiting' }),
      ],
    };
    const { user, api, container } = await renderSheet(placed, {
      bidSheetCancel: () =>
        withMessage('Your bid sheet is cancelled', {
          auction_id: 'a-1',
          status: 'cancelled' as const,
          limit: 200_000,
          lines: 7,
          position: '9',
        }),
      bidSheetGet: () => ({ ...placed, status: 'cancelled' as const }),
    });
    const status = (lotId: string) => screen.getByTestId(`line-status-${lotId}`).textContent;
    expect(status('l1')).toBe('Won at $450.00 + $90.00 premium');
    expect(status('l2')).toBe('Skipped: you won another lot of its group');
    expect(status('l3')).toBe('Bidding up to $700.00 (your limit leaves no more)');
    expect(status('l4')).toBe('Lost');
    expect(status('l5')).toBe('Not placed: the lot refused the bid (BIDDING_CLOSED)');
    expect(status('l6')).toBe('Bidding up to $200.00');
    expect(status('l7')).toBe('Waiting');
    expect(screen.getByTestId('sheet-limit').textContent).toBe('$2,000.00');
    expect(screen.getByTestId('sheet-committed').textContent).toBe('$1,380.00');
    expect(screen.getByTestId('sheet-remaining').textContent).toBe('$620.00');
    expect(screen.getByTestId('sheet-locked')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save the bid sheet' })).toBeNull();
    expect(within(screen.getByTestId('sheet-row-l1')).getByText('A')).toBeTruthy();
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: 'Cancel the bid sheet' }));
    await user.click(await screen.findByTestId('confirm-cancel-sheet'));
    await waitFor(() =>
      expect(api.to('bidSheetCancel').map((r) => r.input)).toEqual([{ auction_id: 'a-1' }]),
    );
    expect((await screen.findByTestId('sheet-answer')).textContent).toBe('Your bid sheet is cancelled');
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    await renderSheet();
    expect(screen.getByRole('heading', { name: 'Tu hoja de pujas para Winter Sale' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Tu máximo para el lote 1' })).toBeTruthy();
  });
});

describe('the bid sheet page', () => {
  it('reads the auction, its open lots and the bidder’s sheet, and opens the form from what was saved', async () => {
    const saved: BidSheetView = {
      ...noSheet,
      status: 'active',
      limit: 100_000,
      remaining: 100_000,
      saved_at: '2030-01-01T00:00:00.000Z',
      lines: [line('l2', { max: 25_000, group: null })],
    };
    const { api } = await renderWithApi(<BidSheetScreen auctionId="a-1" />, {
      api: {
        auctionDetail: () => anAuction({ auctionid: 'a-1', title: 'Winter Sale' }),
        productSearch: () => ({ records: [...lots].reverse(), totalRecords: 3 }),
        bidSheetGet: () => saved,
      },
      signedInAs: aUser({ card_on_file: true }),
    });
    expect(await screen.findByRole('heading', { name: 'Your bid sheet for Winter Sale' })).toBeTruthy();
    // In catalogue order, whatever order the search answered.
    expect(
      screen
        .getAllByRole('textbox', { name: /Your maximum for lot/ })
        .map((e) => e.getAttribute('aria-label')),
    ).toEqual(['Your maximum for lot 1', 'Your maximum for lot 2', 'Your maximum for lot 3']);
    expect((screen.getByRole('textbox', { name: 'Your maximum for lot 2' }) as HTMLInputElement).value).toBe(
      '250.00',
    );
    expect((screen.getByRole('textbox', { name: /Your limit/ }) as HTMLInputElement).value).toBe('1000.00');
    expect(screen.getByTestId('sheet-remaining').textContent).toBe('$1,000.00');
    expect(api.to('bidSheetGet').map((r) => r.input)).toEqual([{ auction_id: 'a-1' }]);
  });
});

describe('the way to the sheet', () => {
  it('is a link on the auction’s page', async () => {
    const page = { lots: [], totalRecords: 0, page: 1, onPage: () => {} };
    await renderWithApi(<LiveAuction auction={anAuction({ auctionid: 'a-1' })} open={page} closed={page} />);
    expect(
      screen.getByRole('link', { name: 'Bid sheet: bid on many lots within a limit' }).getAttribute('href'),
    ).toBe('/bidsheet/a-1');
  });
});

describe('the sheet’s draft', () => {
  it('counts only the amounts typed, with the premium, and sends groups in letter order', () => {
    const draft = {
      limit: '100',
      maxes: { l1: '10', l2: '', l3: 'x', l4: '5.5' },
      groups: { l1: 'B' as const, l4: 'B' as const },
    };
    expect(totalWithPremium(draft, 20)).toBe(1_200 + 660);
    expect(inputOf('a-1', draft, ['l1', 'l2', 'l3', 'l4'])).toEqual({
      auction_id: 'a-1',
      limit: 10_000,
      lines: [
        { lot_id: 'l1', max: 1_000 },
        { lot_id: 'l3', max: Number.NaN },
        { lot_id: 'l4', max: 550 },
      ],
      groups: [{ lot_ids: ['l1', 'l4'] }],
    });
    expect(draftOf(noSheet)).toEqual({ limit: '', maxes: {}, groups: {} });
  });
});
