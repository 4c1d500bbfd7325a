import type { OfferingTotal, StaffInvestmentOrder } from '@wine/contracts';
import type { InvestorDocument } from './project.ts';

const statuses = new Set(['created', 'funded', 'settled', 'canceled']);
const statusOf = (status: string): StaffInvestmentOrder['status'] =>
  statuses.has(status) ? (status as StaffInvestmentOrder['status']) : 'created';

/** Every investor's orders in one list, newest first (ties by trade id), with whose they are. */
export function staffOrders(investors: readonly InvestorDocument[]): StaffInvestmentOrder[] {
  return investors
    .flatMap((investor) =>
      Object.entries(investor.orders).map(
        // A document projected before orders kept their trade, offering, units and date reads as its key
        // and the investor's start, until the read model is rebuilt.
        ([key, order]): StaffInvestmentOrder => ({
          user_id: investor._id,
          name: investor.name,
          trade_id: order.trade_id ?? key,
          offering_id: order.offering_id ?? '',
          units: order.units ?? 0,
          amount: order.amount,
          status: statusOf(order.status),
          at: order.at ?? investor.onboarded_at,
          payment: order.payment ?? null,
        }),
      ),
    )
    .sort((a, b) => b.at.localeCompare(a.at) || a.trade_id.localeCompare(b.trade_id));
}

/**
 * Each offering's orders summed by status, in cents, as getStAssetTotal answers it (platform investing
 * `holdingsOf`, over every investor): cancelled orders count in none, and an investor counts once an
 * order of theirs is not cancelled. Offerings in id order.
 */
export function offeringTotals(investors: readonly InvestorDocument[]): OfferingTotal[] {
  const byOffering = new Map<string, OfferingTotal & { holders: Set<string> }>();
  for (const order of staffOrders(investors)) {
    if (order.status === 'canceled') continue;
    const total = byOffering.get(order.offering_id) ?? {
      offering_id: order.offering_id,
      investors: 0,
      orders: 0,
      created: 0,
      funded: 0,
      settled: 0,
      settled_units: 0,
      holders: new Set<string>(),
    };
    total.orders += 1;
    total[order.status] += order.amount;
    if (order.status === 'settled') total.settled_units += order.units;
    total.holders.add(order.user_id);
    total.investors = total.holders.size;
    byOffering.set(order.offering_id, total);
  }
  return [...byOffering.values()]
    .map(({ holders: _holders, ...total }) => total)
    .sort((a, b) => a.offering_id.localeCompare(b.offering_id));
}
