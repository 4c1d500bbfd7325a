import { actions, type StaffInvestor } from '@wine/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMarketplace, type TestMarketplace } from './support/marketplace.ts';

/** Issue 35 §3 "an admin view": the investors as the log has them, for admins only. */
let market: TestMarketplace;
beforeAll(async () => {
  market = await startMarketplace({ seed: false });
}, 120_000);
afterAll(() => market?.stop());

describe('investors for admins (issue 35 §3)', () => {
  it('lists an investor with their checks, bank and orders, to admins only, with nothing personal', async () => {
    const ivy = await market.bidder({ firstName: 'Ivy', card: false });
    await market.ok(
      actions.onBoardIndividual.path,
      {
        first_name: 'Ivy',
        last_name: 'Investor',
        email: ivy.email,
        dob: '1980-04-12',
        domicile: 'us_citizen',
        address1: '233 S Wacker Dr',
        city: 'Chicago',
        state: 'IL',
        zip: '60606',
        ssn: '123-45-6789',
      },
      ivy.auth,
    );
    await market.ok(
      actions.uploadPartyDocument.path,
      {
        file_name: 'Test_Approved_All.pdf',
        content_type: 'application/pdf',
        content_base64: Buffer.from(`%PDF-1.4\n${'x'.repeat(1_200)}`).toString('base64'),
      },
      ivy.auth,
    );
    await market.ok(
      actions.linkExternalAccount.path,
      {
        holder_name: 'Ivy Investor',
        routing_number: '021000021',
        account_number: '123456789',
        account_type: 'savings',
      },
      ivy.auth,
    );
    await market.ok(actions.createOrder.path, { units: 4 }, ivy.auth);
    await market.caughtUp();
    const list = await market.ok<{ records: StaffInvestor[] }>(actions.adminInvestors.path, {}, market.admin);
    expect(list.records).toEqual([
      {
        user_id: ivy.id,
        kind: 'individual',
        name: 'Ivy Investor',
        owners: [{ name: 'Ivy Investor', kyc: 'approved' }],
        accreditation: 'accredited',
        bank_last4: '6789',
        orders: 1,
        ordered: 4_000,
        onboarded_at: expect.any(String),
      },
    ]);
    expect(JSON.stringify(list)).not.toMatch(/123-45-6789|1980-04-12|Wacker|123456789/);
    expect((await market.post(actions.adminInvestors.path, {}, ivy.auth)).http).toBe(403);
  });
});
