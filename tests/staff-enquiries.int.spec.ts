import { randomUUID } from 'node:crypto';
import { actions, type OutboxMessage, type StaffEnquiryPage } from '@wine/contracts';
import { enquiryStream } from '@wine/event-schemas';
import { eventually } from '@wine/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';

let market: TestMarketplace;
let admin: TestUser;
beforeAll(async () => {
  market = await startMarketplace({ seed: false, staffRateLimit: 1_000_000 });
  admin = await market.staff('admin');
}, 120_000);
afterAll(() => market?.stop());

const codeOf = (body: { data: object }) => ('code' in body.data ? body.data.code : undefined);
const list = async (input: Record<string, unknown> = {}) => {
  await market.caughtUp();
  return market.ok<StaffEnquiryPage>(actions.staffEnquiries.path, input, admin.auth);
};
const mailsTo = async (email: string) =>
  (await market.ok<{ records: OutboxMessage[] }>(actions.devOutbox.path, {}, market.admin)).records.filter(
    (m) => m.to === email,
  );

describe("visitors' enquiries for the staff (issue 34)", () => {
  it('lists an enquiry, answers it by mail once however often the answer is retried, and exports the list as CSV', async () => {
    await market.ok(actions.submitContactUs.path, {
      name: 'Vera Visitor',
      email: 'vera@example.com',
      phone: '+1 312 555 0188',
      subject: 'Private tasting',
      message: 'Do you host private tastings, "for 12"?',
    });
    const open = await list({ status: 'open', kind: 'contact' });
    const vera = open.records.find((r) => r.email === 'vera@example.com');
    expect(vera).toMatchObject({
      kind: 'contact',
      name: 'Vera Visitor',
      about: 'Private tasting',
      answers: [],
    });
    const id = vera?.id as string;

    const headers = { ...admin.auth, 'x-command-id': randomUUID() };
    const answer = { id, message: 'We do: Thursdays at 6 pm.\nCall us to book.' };
    const [a, b] = await Promise.all([
      market.post(actions.answerEnquiry.path, answer, headers),
      market.post(actions.answerEnquiry.path, answer, headers),
    ]);
    expect([a.http, b.http]).toEqual([200, 200]);
    expect(a.body.data.message).toBe('The answer is sent to vera@example.com');
    const events = (await market.eventStore.readStream(enquiryStream(id))).map((e) => e.type);
    expect(events).toEqual(['ContactEnquiryReceived', 'EnquiryAnswered']);
    const mails = await eventually(
      () => mailsTo('vera@example.com'),
      (m) => m.some((x) => x.subject === 'Re: Private tasting'),
    );
    expect(mails.filter((m) => m.subject === 'Re: Private tasting')).toHaveLength(1);
    expect(mails.find((m) => m.subject === 'Re: Private tasting')?.text).toContain('Thursdays at 6 pm');

    const answered = await list({ status: 'answered' });
    expect(answered.records.find((r) => r.id === id)?.answers).toEqual([
      { at: expect.any(String), by: expect.stringMatching(/^Staff /), message: answer.message },
    ]);
    expect((await list({ status: 'open' })).records.map((r) => r.id)).not.toContain(id);

    const csv = await market.ok<{ filename: string; records: string }>(
      actions.exportEnquiries.path,
      { kind: 'contact' },
      admin.auth,
    );
    expect(csv.filename).toBe('enquiries-contact-all.csv');
    const lines = csv.records.replace(/^\uFEFF/, '').split('\n');
    expect(lines[0]).toBe('received_at,kind,name,email,phone,about,message,answered,last_answer_at');
    expect(csv.records).toContain('"Do you host private tastings, ""for 12""?"');
  });

  it('is for admins only, refuses an unknown enquiry and an empty answer, and writes nothing then', async () => {
    const bidder = await market.bidder();
    const finance = await market.staff('finance');
    for (const headers of [{}, bidder.auth, finance.auth]) {
      expect((await market.post(actions.staffEnquiries.path, {}, headers)).http).toBe(403);
      expect((await market.post(actions.exportEnquiries.path, {}, headers)).http).toBe(403);
      expect((await market.post(actions.answerEnquiry.path, { id: 'x', message: 'hi' }, headers)).http).toBe(
        403,
      );
    }
    const unknown = await market.post(
      actions.answerEnquiry.path,
      { id: 'enq-nothing', message: 'hi' },
      admin.auth,
    );
    expect(codeOf(unknown.body)).toBe('ENQUIRY_NOT_FOUND');
    expect(await market.eventStore.readStream(enquiryStream('enq-nothing'))).toEqual([]);
    const empty = await market.post(
      actions.answerEnquiry.path,
      { id: 'enq-nothing', message: '  ' },
      admin.auth,
    );
    expect(empty.http).toBe(400);
  });
});
