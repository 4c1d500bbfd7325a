import type {
  ChangeBiddingInput,
  IncrementRule,
  ShipMethod,
  ShippingRates,
  StaffSettings,
} from '@wine/contracts';

/*
 * Issue 34 "Settings": the bidding form's values as a person types them (dollars, an empty "to" for
 * "and up") and the action's input (cents, null). Plain functions, so the conversion is tested alone.
 */

export interface IncrementRowValues {
  from_amount: number | string;
  to_amount: number | string;
  increment: number | string;
  value_type: IncrementRule['value_type'];
}

export interface BiddingFormValues {
  proxy_bidding_settings: 0 | 1;
  soft_close_window_minutes: number | string;
  soft_close_extend_minutes: number | string;
  buyer_premium: number | string;
  bid_increments: IncrementRowValues[];
}

const dollars = (cents: number) => cents / 100;
const cents = (value: number | string) => (value === '' ? Number.NaN : Math.round(Number(value) * 100));
const number = (value: number | string) => (value === '' ? Number.NaN : Number(value));

export const biddingFormValues = (bidding: StaffSettings['bidding']): BiddingFormValues => ({
  ...bidding,
  bid_increments: bidding.bid_increments.map((row) => ({
    from_amount: dollars(row.from_amount),
    to_amount: row.to_amount === null ? '' : dollars(row.to_amount),
    increment: row.value_type === 'fixed' ? dollars(row.increment) : row.increment,
    value_type: row.value_type,
  })),
});

export const biddingInput = (values: BiddingFormValues): ChangeBiddingInput => ({
  proxy_bidding_settings: values.proxy_bidding_settings,
  soft_close_window_minutes: number(values.soft_close_window_minutes),
  soft_close_extend_minutes: number(values.soft_close_extend_minutes),
  buyer_premium: number(values.buyer_premium),
  bid_increments: values.bid_increments.map((row) => ({
    from_amount: cents(row.from_amount),
    to_amount: row.to_amount === '' ? null : cents(row.to_amount),
    increment: row.value_type === 'fixed' ? cents(row.increment) : number(row.increment),
    value_type: row.value_type,
  })),
});

/**
 * The table with a row added at its end: the new row starts $1,000 above the last row's start (or the
 * cent after its "to") and runs on; the row before it now ends the cent before it starts.
 */
export function withRowAdded(rows: readonly IncrementRowValues[]): IncrementRowValues[] {
  const last = rows.at(-1);
  if (!last) return [{ from_amount: 0, to_amount: '', increment: 1, value_type: 'fixed' }];
  const from =
    last.to_amount === ''
      ? Number(last.from_amount) + 1000
      : (Math.round(Number(last.to_amount) * 100) + 1) / 100;
  return [
    ...rows.slice(0, -1),
    { ...last, to_amount: (Math.round(from * 100) - 1) / 100 },
    { from_amount: from, to_amount: '', increment: last.increment, value_type: last.value_type },
  ];
}

/**
 * The table without row `index`: the row before it takes its end (the first row's removal lets the
 * next one start where it started), so the table stays whole.
 */
export function withRowRemoved(rows: readonly IncrementRowValues[], index: number): IncrementRowValues[] {
  const removed = rows[index];
  if (!removed || rows.length === 1) return [...rows];
  return rows.flatMap((row, i) => {
    if (i === index) return [];
    if (index === 0 && i === 1) return [{ ...row, from_amount: removed.from_amount }];
    return i === index - 1 ? [{ ...row, to_amount: removed.to_amount }] : [row];
  });
}

/** A state's row as the shipping form shows it: dollars, '' where the standard rate holds. */
export interface StateRowValues {
  state: string;
  firstBottle: number | string;
  perBottle: number | string;
  taxable: 'standard' | 'yes' | 'no';
}

/** The shipping form's values (issue 34 "Settings"): amounts in dollars, months as the chips' values. */
export interface ShippingFormValues {
  methods: ShipMethod[];
  standard: { firstBottle: number | string; perBottle: number | string; taxable: boolean };
  states: StateRowValues[];
  notAllowed: string[];
  minimum: number | string;
  /** '' ships nothing free. */
  freeThreshold: number | string;
  surcharge: Record<ShipMethod, number | string>;
  hold: { months: string[]; minDays: number | string; maxDays: number | string };
}

const taxableChoice = (taxable: boolean | undefined): StateRowValues['taxable'] =>
  taxable === undefined ? 'standard' : taxable ? 'yes' : 'no';

export const shippingFormValues = (rates: ShippingRates): ShippingFormValues => ({
  methods: [...rates.methods],
  standard: {
    firstBottle: dollars(rates.standard.firstBottle),
    perBottle: dollars(rates.standard.perBottle),
    taxable: rates.standard.taxable,
  },
  states: Object.entries(rates.states)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([state, row]) => ({
      state,
      firstBottle: row.firstBottle === undefined ? '' : dollars(row.firstBottle),
      perBottle: row.perBottle === undefined ? '' : dollars(row.perBottle),
      taxable: taxableChoice(row.taxable),
    })),
  notAllowed: [...rates.notAllowed],
  minimum: dollars(rates.minimum),
  freeThreshold: rates.freeThreshold === null ? '' : dollars(rates.freeThreshold),
  surcharge: {
    ground: dollars(rates.surcharge.ground),
    temperature: dollars(rates.surcharge.temperature),
    hold: dollars(rates.surcharge.hold),
  },
  hold: {
    months: rates.hold.months.map(String),
    minDays: rates.hold.minDays,
    maxDays: rates.hold.maxDays,
  },
});

/** The table the action takes: cents, a state's row with only what differs from the standard rate. */
export const shippingInput = (v: ShippingFormValues): ShippingRates => ({
  methods: v.methods,
  standard: {
    firstBottle: cents(v.standard.firstBottle),
    perBottle: cents(v.standard.perBottle),
    taxable: v.standard.taxable,
  },
  states: Object.fromEntries(
    v.states.map((row) => [
      row.state,
      {
        ...(row.firstBottle !== '' && { firstBottle: cents(row.firstBottle) }),
        ...(row.perBottle !== '' && { perBottle: cents(row.perBottle) }),
        ...(row.taxable !== 'standard' && { taxable: row.taxable === 'yes' }),
      },
    ]),
  ),
  notAllowed: v.notAllowed,
  minimum: cents(v.minimum),
  freeThreshold: v.freeThreshold === '' ? null : cents(v.freeThreshold),
  surcharge: {
    ground: cents(v.surcharge.ground),
    temperature: cents(v.surcharge.temperature),
    hold: cents(v.surcharge.hold),
  },
  hold: {
    months: v.hold.months.map(Number).sort((a, b) => a - b),
    minDays: number(v.hold.minDays),
    maxDays: number(v.hold.maxDays),
  },
});
