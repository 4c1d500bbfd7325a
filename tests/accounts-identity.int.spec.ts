import type { RegisterResult, UserRecord } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { accountsMarketplace, bearer, newEmail, registration } from './support/accounts.ts';

const { market: liveMarket, register, outbox, validate } = accountsMarketplace();

describe('identity check (KYC port, sandbox) and bid limits', () => {
  const address = { address1: '1 Wacker Dr', city: 'Chicago', state: 'IL', zip: '60601' };

  it('records the sandbox outcome without the personal data, and refuses anyone under 21', async () => {
    const approved = await register();
    const ok = await liveMarket().post<UserRecord>(
      '/api/user/runKycCheck',
      { date_of_birth: '1980-02-29', ...address },
      bearer(approved.token),
    );
    expect(ok.body).toMatchObject({ data: { responseData: { kyc_status: 'approved' } } });
    const log = JSON.stringify(await liveMarket().eventStore.readStream(`user-${approved.id}`));
    expect(log).not.toContain('1980-02-29');
    expect(log).not.toContain('Wacker');

    const review = await register(newEmail(), { last_name: 'Review' });
    const held = await liveMarket().post<UserRecord>(
      '/api/user/runKycCheck',
      { date_of_birth: '1980-01-01', ...address },
      bearer(review.token),
    );
    expect(held.body).toMatchObject({ data: { responseData: { kyc_status: 'review' } } });

    const young = await liveMarket().post(
      '/api/user/runKycCheck',
      { date_of_birth: '2010-01-01', ...address },
      bearer(approved.token),
    );
    expect(young.body.data.message).toBe('You must be 21 or older to bid or buy wine');
  });

  it('lets a bidder ask for a higher limit and an admin approve it', async () => {
    const { token, id } = await register();
    const asked = await liveMarket().post<UserRecord>(
      '/api/user/requestBidLimit',
      { amount: 2_500_000 },
      bearer(token),
    );
    expect(asked.body).toMatchObject({
      data: { responseData: { bid_limit_requested: 2_500_000, bid_limit: null } },
    });
    expect((await liveMarket().post('/api/user/approveBidLimitRequest', { id })).http).toBe(403);
    await liveMarket().post('/api/user/approveBidLimitRequest', { id }, liveMarket().admin);
    expect((await validate(token)).body).toMatchObject({
      data: { responseData: { bid_limit: 2_500_000, bid_limit_requested: null } },
    });
    const lower = await liveMarket().post('/api/user/requestBidLimit', { amount: 1_000_000 }, bearer(token));
    expect(lower.body.data.message).toBe('Ask for more than your current bid limit');
  });
});

describe('company owners', () => {
  it('adds, updates and removes the owners of a business account, never over 100% together', async () => {
    const { token } = await register();
    type Owners = { records: { id: string; name: string; ownership_percent: number }[] };
    const first = await liveMarket().post<Owners>(
      '/api/user/addCompanyOwner',
      { name: 'Ada Lovelace', title: 'CEO', ownership_percent: 60 },
      bearer(token),
    );
    if (first.body.status !== 'success') throw new Error(first.body.data.message);
    const ownerId = first.body.data.responseData.records[0]?.id as string;
    await liveMarket().post(
      '/api/user/addCompanyOwner',
      { name: 'Charles Babbage', ownership_percent: 40 },
      bearer(token),
    );
    const over = await liveMarket().post(
      '/api/user/addCompanyOwner',
      { name: 'Third', ownership_percent: 1 },
      bearer(token),
    );
    expect(over.body.data.message).toBe('Owners cannot hold more than 100% together');
    await liveMarket().post(
      '/api/user/updateCompanyOwner',
      { id: ownerId, name: 'Ada King', title: 'CEO', ownership_percent: 50 },
      bearer(token),
    );
    await liveMarket().post('/api/user/removeCompanyOwner', { id: ownerId }, bearer(token));
    const list = await liveMarket().post<Owners>('/api/getCompanyOwners', {}, bearer(token));
    expect(list.body).toMatchObject({
      data: { responseData: { records: [{ name: 'Charles Babbage', ownership_percent: 40 }] } },
    });
    const other = await register();
    const theirs = await liveMarket().post<Owners>('/api/getCompanyOwners', {}, bearer(other.token));
    expect(theirs.body).toMatchObject({ data: { responseData: { records: [] } } });
  });
});

describe('invitations', () => {
  it('invites an address; the link shows the details and registering with it verifies the address at once', async () => {
    const email = newEmail();
    const invite = { email, first_name: 'Grace', last_name: 'Hopper' };
    expect((await liveMarket().post('/api/admin/user/invite', invite)).http).toBe(403);
    const sent = await liveMarket().post('/api/admin/user/invite', invite, liveMarket().admin);
    expect(sent.body.data.message).toBe('Invitation sent');
    const [mail] = await outbox(email);
    const token = mail?.text.match(/\/invite\?token=([\w-]+)/)?.[1] as string;
    const details = await liveMarket().post('/api/getInviteDetails', { token });
    expect(details.body).toMatchObject({ data: { responseData: invite } });
    const { session } = await liveMarket().ok<RegisterResult>(
      '/api/user/register',
      registration(email, { first_name: 'Grace', last_name: 'Hopper', invite_token: token }),
    );
    if (!session) throw new Error('an invitation signs the new user in');
    const { user, id } = session;
    const types = (await liveMarket().eventStore.readStream(`user-${id}`)).map((e) => e.type);
    expect(types).toEqual(['UserRegistered', 'EmailVerified']);
    expect(user.email_verified).toBe(true);
    expect((await outbox(email)).map((m) => m.subject)).toEqual(['You are invited to Fine Wine Auction']);
    const used = await liveMarket().post('/api/getInviteDetails', { token });
    expect(used.body.data.message).toBe('Invalid or expired link');
    const again = await liveMarket().post('/api/admin/user/invite', invite, liveMarket().admin);
    expect(again.http).toBe(409);
  });
});
