import { actions, defaultMerchant, defaultMoneySettings } from '@wine/contracts';
import { createEmbeddedDocumentStore, manualClock } from '@wine/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryApp } from '../core/testing.ts';
import { merchantQueries } from './queries.ts';

const merchant = { ...defaultMerchant, emailGeneral: 'hello@shop.example' };
let served: Awaited<ReturnType<typeof queryApp>>;
beforeAll(async () => {
  served = await queryApp(
    merchantQueries,
    createEmbeddedDocumentStore(),
    manualClock('2026-11-22T12:00:00Z'),
    defaultMoneySettings,
    merchant,
  );
});
afterAll(() => served.app.close());

describe('getFooterLinks', () => {
  it("answers the footer's links in order, titled in the caller's language, and the merchant", async () => {
    const answer = await served.post(actions.getFooterLinks.path, {});
    expect(answer.statusCode).toBe(200);
    const data = answer.json().data.responseData;
    expect(data.links).toEqual([
      { id: 'terms', title: 'Terms & Conditions', url: '/terms-conditions' },
      { id: 'delivery', title: 'Delivery Collection & Storage', url: '/delivery' },
      { id: 'contact', title: 'Contact Us', url: '/contact-us' },
      { id: 'privacy', title: 'Privacy & Accessibility', url: '/privacy-policy' },
    ]);
    expect(data.merchant).toEqual(merchant);
    const spanish = await served.post(actions.getFooterLinks.path, {}, { 'accept-language': 'es' });
    expect(spanish.json().data.responseData.links[0].title).toBe('Términos y condiciones');
  });

  it('takes no input', async () => {
    const answer = await served.post(actions.getFooterLinks.path, { limit: 5 });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().data.code).toBe('VALIDATION');
  });
});
