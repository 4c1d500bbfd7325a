import { actions, type InvestorDetails } from '@wine/contracts';
import type { TestMarketplace, TestUser } from './marketplace.ts';

/**
 * `user` made an investor as the API makes one: onboarded as an individual, accredited by the
 * sandbox's approving document, a bank linked and an order of `units` placed (the screens of those
 * steps are tests/investing.e2e.spec.ts's); answers the order's trade id.
 */
export async function investorWithOrder(
  market: TestMarketplace,
  user: TestUser,
  firstName: string,
  units: number,
): Promise<string> {
  await market.ok(
    actions.onBoardIndividual.path,
    {
      first_name: firstName,
      last_name: 'Investor',
      email: user.email,
      dob: '1980-04-12',
      domicile: 'us_citizen',
      address1: '233 S Wacker Dr',
      city: 'Chicago',
      state: 'IL',
      zip: '60606',
      ssn: '123-45-6789',
    },
    user.auth,
  );
  await market.ok(
    actions.uploadPartyDocument.path,
    {
      file_name: 'Test_Approved_All.pdf',
      content_type: 'application/pdf',
      content_base64: Buffer.from(`%PDF-1.4\n${'x'.repeat(1_200)}\n%%EOF\n`).toString('base64'),
    },
    user.auth,
  );
  await market.ok(
    actions.linkExternalAccount.path,
    {
      holder_name: `${firstName} Investor`,
      routing_number: '021000021',
      account_number: '123456789',
      account_type: 'checking',
    },
    user.auth,
  );
  const ordered = await market.ok<InvestorDetails>(actions.createOrder.path, { units }, user.auth);
  const tradeId = ordered.orders[0]?.trade_id;
  if (!tradeId) throw new Error('the order was not placed');
  return tradeId;
}
