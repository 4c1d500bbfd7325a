import { actions, type CheckoutResult } from '@wine/contracts';
import { invoiceStream } from '@wine/event-schemas';
import type { CardProvider } from '@wine/platform';
import {
  type CardNetwork,
  cardNetworkFromEnv,
  cardNetworkTitles,
  openCardNetwork,
} from '@wine/platform/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../payments/ledger-check.ts';
import { openTestCommandService, type TestCommandService } from '../testing.ts';
import { invoiceDecider } from './decide.ts';
import { invoiceShareLinks, shareTokenHash } from './share-links.ts';

/**
 * Issue 38 §2: the owner's shared link (public_invoice), the admin fee (buynow/updateAdminFee), a line's
 * certificate (buynow/updateOwnershipCertificate) and status, each tried as its caller and as an
 * attacker; the fee, which changes what is owed, under concurrency and against a payment on its way.
 */
const networkName = cardNetworkFromEnv();
const on = cardNetworkTitles[networkName];
let network: CardNetwork;
const chargedSince = (from: number) => network.charges().slice(from);
/** Runs while the card network is charging (set by a test, cleared after it). */
let whileCharging: (() => Promise<void>) | null = null;

let service: TestCommandService;
beforeAll(async () => {
  network = await openCardNetwork(networkName);
  const charge = network.provider.charge.bind(network.provider);
  network.provider.charge = async (request: Parameters<CardProvider['charge']>[0]) => {
    await whileCharging?.();
    return charge(request);
  };
  service = await openTestCommandService({ network });
});
afterEach(async () => {
  whileCharging = null;
  expect((await checkLedger(service.service.streams.store)).disagreements).toEqual([]);
});
afterAll(async () => {
  await service.close();
  await network.close();
});

let n = 0;
const person = async (roles: Parameters<TestCommandService['signUp']>[1] = []) => {
  n += 1;
  return service.signUp(`person${n}@invoice-routes.example`, roles);
};
const loadInvoice = async (id: string) => {
  const invoice = await service.service.streams.load(invoiceStream(id), invoiceDecider);
  if (invoice.status !== 'issued') throw new Error(`no invoice ${id}`);
  return invoice;
};
const lengthOf = async (id: string) =>
  (await service.service.streams.store.readStream(invoiceStream(id))).length;

/** An unpaid auction invoice of `hammer` cents for a lot of `sellerId`, issued to the buyer. */
const auctionInvoice = (buyerId: string, hammer: number, sellerId = 'seller') =>
  service.issueAuctionInvoice(buyerId, hammer, { sellerId, title: (lotId) => `Lot ${lotId}` });

const setFee = (token: string, body: Record<string, unknown>, commandId?: string) =>
  service.post<{ invoice_id: string; fee: number; total: number; due: number }>(
    actions.updateAdminFee.path,
    body,
    { token, ...(commandId && { commandId }) },
  );

describe('user/invoice shareInvoice, revokeShare (seeds 001 public_invoice)', () => {
  it('answers a signed link whose hash alone is recorded; the same link while shared; a new one after revoking', async () => {
    const ann = await person();
    const { invoiceId } = await auctionInvoice(ann.id, 10_000);
    const first = await service.post<{ token: string; path: string }>(
      actions.shareInvoice.path,
      { invoice_id: invoiceId },
      { token: ann.token },
    );
    expect(first.status, first.body.data.message).toBe(200);
    const { token, path } = first.body.data.responseData;
    expect(token).toMatch(/^S-[\w-]{20}\.[\w-]{43}$/);
    expect(path).toBe(`/public_invoice/${token}`);
    const events = await service.service.streams.store.readStream(invoiceStream(invoiceId));
    const shared = events.find((e) => e.type === 'InvoiceShared');
    // The token is nowhere in the log: only its hash.
    expect(JSON.stringify(events)).not.toContain(token.split('.')[1]);
    expect(shared?.data).toEqual({ shareId: token.split('.')[0], tokenHash: shareTokenHash(token) });
    // Signed with the server's key: another key makes another token for the same share.
    expect(
      invoiceShareLinks('another-secret-of-at-least-32-characters!').tokenOf(
        invoiceId,
        token.split('.')[0] as string,
      ),
    ).not.toBe(token);
    const again = await service.post<{ token: string }>(
      actions.shareInvoice.path,
      { invoice_id: invoiceId },
      { token: ann.token },
    );
    expect(again.body.data.responseData.token).toBe(token);
    const revoked = await service.post(
      actions.revokeInvoiceShare.path,
      { invoice_id: invoiceId },
      { token: ann.token },
    );
    expect(revoked.status).toBe(200);
    expect((await loadInvoice(invoiceId)).shareId).toBeNull();
    const renewed = await service.post<{ token: string }>(
      actions.shareInvoice.path,
      { invoice_id: invoiceId },
      { token: ann.token },
    );
    expect(renewed.body.data.responseData.token).not.toBe(token);
  });

  it("refuses another buyer's invoice as unknown (as staff's), a visitor, and a bad body, writing nothing", async () => {
    const bob = await person();
    const mallory = await person(['admin', 'finance']);
    const { invoiceId } = await auctionInvoice(bob.id, 10_000);
    const before = await lengthOf(invoiceId);
    for (const action of [actions.shareInvoice, actions.revokeInvoiceShare]) {
      const other = await service.post(action.path, { invoice_id: invoiceId }, { token: mallory.token });
      expect([other.status, other.body.data.code]).toEqual([404, 'INVOICE_NOT_FOUND']);
      const visitor = await service.post(action.path, { invoice_id: invoiceId });
      expect([visitor.status, visitor.body.data.code]).toEqual([403, 'SESSION_INVALID']);
      const bad = await service.post(action.path, { invoice_id: '' }, { token: bob.token });
      expect(bad.status).toBe(400);
    }
    expect(await lengthOf(invoiceId)).toBe(before);
  });
});

describe(`buynow/updateAdminFee, on ${on}`, () => {
  it('adds the fee to the total (not taxed), takes it off with 0, and records who and why', async () => {
    const cat = await person();
    const fin = await person(['finance']);
    const { invoiceId } = await auctionInvoice(cat.id, 10_000);
    const before = (await loadInvoice(invoiceId)).amounts;
    const set = await setFee(fin.token, { invoice_id: invoiceId, fee: 3_500, note: 'Cellar handling' });
    expect(set.status, set.body.data.message).toBe(200);
    expect(set.body.data.responseData).toEqual({
      invoice_id: invoiceId,
      fee: 3_500,
      total: before.total + 3_500,
      due: before.total + 3_500,
    });
    expect(set.body.data.message).toBe(`The admin fee of invoice ${invoiceId} is now $35.00`);
    const after = (await loadInvoice(invoiceId)).amounts;
    expect(after).toEqual({ ...before, adminFee: 3_500, total: before.total + 3_500 });
    const events = await service.service.streams.store.readStream(invoiceStream(invoiceId));
    expect(events.at(-1)).toMatchObject({
      type: 'InvoiceAdminFeeSet',
      data: { fee: 3_500, note: 'Cellar handling', by: fin.id },
    });
    // Left out, the configured fee ($25.00).
    const configured = await setFee(fin.token, { invoice_id: invoiceId, note: 'The standard fee' });
    expect(configured.body.data.responseData.fee).toBe(2_500);
    const off = await setFee(fin.token, { invoice_id: invoiceId, fee: 0, note: 'Waived' });
    expect(off.body.data.responseData).toMatchObject({ fee: 0, total: before.total });
    expect((await loadInvoice(invoiceId)).amounts).toEqual(before);
  });

  it('records one fee for two requests with one x-command-id, and the last of two different ones at once', async () => {
    const dan = await person();
    const fin = await person(['finance']);
    const adm = await person(['admin']);
    const { invoiceId } = await auctionInvoice(dan.id, 10_000);
    const base = (await loadInvoice(invoiceId)).amounts.total;
    const body = { invoice_id: invoiceId, fee: 1_000, note: 'Storage' };
    const [one, two] = await Promise.all([
      setFee(fin.token, body, 'fee-key-1'),
      setFee(fin.token, body, 'fee-key-1'),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    const fees = async () =>
      (await service.service.streams.store.readStream(invoiceStream(invoiceId))).filter(
        (e) => e.type === 'InvoiceAdminFeeSet',
      );
    expect(await fees()).toHaveLength(1);
    // The key again with another fee is another request: refused, nothing written.
    const reused = await setFee(fin.token, { ...body, fee: 9_000 }, 'fee-key-1');
    expect([reused.status, reused.body.data.code]).toEqual([422, 'COMMAND_ID_REUSED']);
    // Two members of staff at once: both are recorded in turn, the total is the last one's.
    const [a, b] = await Promise.all([
      setFee(fin.token, { invoice_id: invoiceId, fee: 2_000, note: 'A' }),
      setFee(adm.token, { invoice_id: invoiceId, fee: 4_000, note: 'B' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const recorded = await fees();
    expect(recorded).toHaveLength(3);
    const last = recorded.at(-1)?.data as { fee: number; amounts: { total: number } };
    const invoice = await loadInvoice(invoiceId);
    expect(invoice.amounts.adminFee).toBe(last.fee);
    expect(invoice.amounts.total).toBe(base + last.fee);
  });

  it('is locked once money is paid, and a card payment that read the total before a fee is refused, not taken short', async () => {
    const eve = await person();
    const { cardId } = await service.addCard(eve.token, network.testCards.visa);
    const fin = await person(['finance']);
    const { invoiceId } = await auctionInvoice(eve.id, 10_000);
    const total = (await loadInvoice(invoiceId)).amounts.total;
    const from = network.charges().length;
    // The fee lands while the buyer's payment is at the card network: the payment had started first,
    // so the fee is refused (the invoice has a payment on its way).
    let raced: Awaited<ReturnType<typeof setFee>> | null = null;
    whileCharging = async () => {
      whileCharging = null;
      raced = await setFee(fin.token, { invoice_id: invoiceId, fee: 5_000, note: 'Late' });
    };
    const paid = await service.post<CheckoutResult>(
      actions.checkout.path,
      { type: 'auction', cart_id: invoiceId, delivery: 'pickup', payment: { card_id: cardId } },
      { token: eve.token },
    );
    expect(paid.body.data.responseData.status).toBe('paid');
    expect(raced).not.toBeNull();
    expect((raced as unknown as Awaited<ReturnType<typeof setFee>>).body.data.code).toBe('ADMIN_FEE_LOCKED');
    expect(chargedSince(from).map((c) => c.amount)).toEqual([total]);
    const after = await setFee(fin.token, { invoice_id: invoiceId, fee: 5_000, note: 'After' });
    expect([after.status, after.body.data.code]).toEqual([409, 'ADMIN_FEE_LOCKED']);
    expect((await loadInvoice(invoiceId)).amounts.total).toBe(total);
  });

  it('refuses the buyer, a seller, staff on their own invoice, bad amounts, writing nothing', async () => {
    const fay = await person(['finance']);
    const gus = await person(['seller']);
    const { invoiceId } = await auctionInvoice(fay.id, 10_000);
    const before = await lengthOf(invoiceId);
    const own = await setFee(fay.token, { invoice_id: invoiceId, fee: 100, note: 'Mine' });
    expect([own.status, own.body.data.code]).toEqual([403, 'OWN_MONEY_RECORD']);
    const seller = await setFee(gus.token, { invoice_id: invoiceId, fee: 100, note: 'x' });
    expect(seller.status).toBe(403);
    const buyer = await person();
    const { invoiceId: other } = await auctionInvoice(buyer.id, 10_000);
    const self = await setFee(buyer.token, { invoice_id: other, fee: 100, note: 'x' });
    expect(self.status).toBe(403);
    const fin = await person(['finance']);
    for (const fee of [-1, 10.5, 1_000_001, '100']) {
      const bad = await setFee(fin.token, { invoice_id: other, fee, note: 'x' });
      expect([bad.status, bad.body.data.responseData.field], String(fee)).toEqual([400, 'fee']);
    }
    const noNote = await setFee(fin.token, { invoice_id: other, fee: 100, note: '' });
    expect(noNote.status).toBe(400);
    const unknown = await setFee(fin.token, { invoice_id: 'A-none', fee: 100, note: 'x' });
    expect(unknown.body.data.code).toBe('INVOICE_NOT_FOUND');
    const visitor = await service.post(actions.updateAdminFee.path, {
      invoice_id: other,
      fee: 100,
      note: 'x',
    });
    expect([visitor.status, visitor.body.data.code]).toEqual([403, 'SESSION_INVALID']);
    expect(await lengthOf(invoiceId)).toBe(before);
  });
});

describe('buynow/updateOwnershipCertificate and changeProductStatus', () => {
  const certificate = {
    reference: 'PROV-2019-0042',
    issuer: 'Bordeaux Provenance Bureau',
    issued_on: '2019-05-02',
    note: 'Ex-château',
  };

  it("lets the line's seller attach and take off its certificate; another seller learns nothing", async () => {
    const buyer = await person();
    const sid = await person(['seller']);
    const other = await person(['seller']);
    const { invoiceId, lotId } = await auctionInvoice(buyer.id, 10_000, sid.id);
    const attach = await service.post(
      actions.updateOwnershipCertificate.path,
      { invoice_id: invoiceId, product_id: lotId, certificate },
      { token: sid.token },
    );
    expect(attach.status, attach.body.data.message).toBe(200);
    expect(attach.body.data.responseData).toEqual({
      invoice_id: invoiceId,
      product_id: lotId,
      certificate,
      status: 'processing',
    });
    expect((await loadInvoice(invoiceId)).certificates[lotId]).toEqual({
      reference: 'PROV-2019-0042',
      issuer: 'Bordeaux Provenance Bureau',
      issuedOn: '2019-05-02',
      note: 'Ex-château',
    });
    const before = await lengthOf(invoiceId);
    const same = await service.post(
      actions.updateOwnershipCertificate.path,
      { invoice_id: invoiceId, product_id: lotId, certificate },
      { token: sid.token },
    );
    expect(same.status).toBe(200);
    expect(await lengthOf(invoiceId)).toBe(before);
    const stranger = await service.post(
      actions.updateOwnershipCertificate.path,
      { invoice_id: invoiceId, product_id: lotId, certificate: null },
      { token: other.token },
    );
    expect([stranger.status, stranger.body.data.code]).toEqual([404, 'INVOICE_NOT_FOUND']);
    const buyerTries = await service.post(
      actions.updateOwnershipCertificate.path,
      { invoice_id: invoiceId, product_id: lotId, certificate },
      { token: buyer.token },
    );
    expect(buyerTries.status).toBe(403);
    const off = await service.post(
      actions.updateOwnershipCertificate.path,
      { invoice_id: invoiceId, product_id: lotId, certificate: null },
      { token: sid.token },
    );
    expect(off.body.data.responseData).toMatchObject({ certificate: null });
    expect((await loadInvoice(invoiceId)).certificates).toEqual({});
  });

  it('lets an admin attach one to any line, refuses a lot not on the invoice and bad bodies', async () => {
    const buyer = await person();
    const adm = await person(['admin']);
    const { invoiceId, lotId } = await auctionInvoice(buyer.id, 10_000);
    const ok = await service.post(
      actions.updateOwnershipCertificate.path,
      { invoice_id: invoiceId, product_id: lotId, certificate },
      { token: adm.token },
    );
    expect(ok.status).toBe(200);
    const before = await lengthOf(invoiceId);
    const notOn = await service.post(
      actions.updateOwnershipCertificate.path,
      { invoice_id: invoiceId, product_id: 'lot-other', certificate },
      { token: adm.token },
    );
    expect([notOn.status, notOn.body.data.code]).toEqual([404, 'NOT_ON_INVOICE']);
    for (const bad of [
      { ...certificate, issued_on: '02/05/2019' },
      { ...certificate, reference: '' },
      { ...certificate, issuer: 'x'.repeat(201) },
      { ...certificate, extra: 1 },
    ]) {
      const answer = await service.post(
        actions.updateOwnershipCertificate.path,
        { invoice_id: invoiceId, product_id: lotId, certificate: bad },
        { token: adm.token },
      );
      expect(answer.status, JSON.stringify(bad)).toBe(400);
    }
    expect(await lengthOf(invoiceId)).toBe(before);
  });

  it('moves a paid line to ready and collected (pickup), never shipped, and nothing before it is paid', async () => {
    const buyer = await person();
    const { cardId } = await service.addCard(buyer.token, network.testCards.visa);
    const fin = await person(['finance']);
    const { invoiceId, lotId } = await auctionInvoice(buyer.id, 10_000);
    const change = (status: string, token = fin.token) =>
      service.post(
        actions.changeInvoiceProductStatus.path,
        { invoice_id: invoiceId, product_id: lotId, status },
        { token },
      );
    const early = await change('ready');
    expect([early.status, early.body.data.code]).toEqual([409, 'INVOICE_NOT_PAID']);
    await service.post(
      actions.checkout.path,
      { type: 'auction', cart_id: invoiceId, delivery: 'pickup', payment: { card_id: cardId } },
      { token: buyer.token },
    );
    expect((await change('ready')).body.data.responseData).toMatchObject({ status: 'ready' });
    const shipped = await change('shipped');
    expect([shipped.status, shipped.body.data.code]).toEqual([409, 'PRODUCT_STATUS_INVALID']);
    expect((await change('collected')).status).toBe(200);
    expect((await loadInvoice(invoiceId)).productStatus).toEqual({ [lotId]: 'collected' });
    const byBuyer = await change('ready', buyer.token);
    expect(byBuyer.status).toBe(403);
    expect((await change('lost')).status).toBe(400);
  });
});

describe('a share key sent again', () => {
  it('answers the same link while shared, and never a dead link once the share was ended', async () => {
    const ann = await person();
    const { invoiceId } = await auctionInvoice(ann.id, 10_000);
    const share = () =>
      service.post<{ token: string }>(
        actions.shareInvoice.path,
        { invoice_id: invoiceId },
        { token: ann.token, commandId: 'share-key-1' },
      );
    const [one, two] = await Promise.all([share(), share()]);
    expect(two.body.data.responseData.token).toBe(one.body.data.responseData.token);
    const revoked = await service.post(
      actions.revokeInvoiceShare.path,
      { invoice_id: invoiceId },
      { token: ann.token },
    );
    expect(revoked.status, revoked.body.data.message).toBe(200);
    const again = await share();
    expect([again.status, again.body.data.code]).toEqual([422, 'COMMAND_ID_REUSED']);
    const fresh = await service.post<{ token: string }>(
      actions.shareInvoice.path,
      { invoice_id: invoiceId },
      { token: ann.token },
    );
    expect(fresh.body.data.responseData.token).not.toBe(one.body.data.responseData.token);
  });
});
