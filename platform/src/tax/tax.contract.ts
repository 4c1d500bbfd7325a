/**
 * The tax port's contract (issue 35 §5): what every tax service answers for an address, with the
 * rates IL 6.25% and Chicago 10.25% configured on its side (contracts' default table), and how it
 * records a paid invoice, a return's refund of it and its void, each once by the code we give.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaxSale, TaxService } from './port.ts';

export interface TaxUnderTest {
  tax: TaxService;
  close(): Promise<void>;
}

export function taxContract(name: string, open: () => Promise<TaxUnderTest>) {
  describe(`tax contract: ${name}`, () => {
    let under: TaxUnderTest;
    const at = (city: string, state: string, zip: string, address1 = '1 Main St') =>
      under.tax.quote({ address1, city, state, zip });
    beforeAll(async () => {
      under = await open();
    });
    afterAll(async () => {
      await under?.close();
    });

    it("answers Chicago's combined rate and the rest of Illinois the state's", async () => {
      expect(await at('Chicago', 'IL', '60607')).toEqual({ ok: true, state: 'IL', rate: 1025 });
      expect(await at('Springfield', 'Illinois', '62701')).toEqual({ ok: true, state: 'IL', rate: 625 });
    });

    it('answers no tax where none is configured', async () => {
      expect(await at('New York', 'NY', '10001')).toEqual({ ok: true, state: 'NY', rate: 0 });
    });

    it('refuses a state that is not a US state, and a ZIP outside the state', async () => {
      expect(await at('Paris', 'Île-de-France', '75001')).toEqual({
        ok: false,
        reason: 'unknownState',
        state: 'Île-de-France',
      });
      expect(await at('Chicago', 'IL', '10001')).toMatchObject({ ok: false, reason: 'zipNotInState' });
    });

    it('validates an address and answers it as the service writes it (isValidAddress)', async () => {
      const checked = await under.tax.validateAddress({
        address1: '233  S Wacker Dr ',
        address2: 'Floor 66',
        city: 'Chicago',
        state: 'Illinois',
        zip: '60606',
      });
      expect(checked).toMatchObject({ valid: true, address: { state: 'IL', zip: '60606' } });
      if (!checked.valid) return;
      // Spaces tidied, the state as its two letters; the service may write it in capitals.
      expect(checked.address.address1.toUpperCase()).toBe('233 S WACKER DR');
      expect(checked.address.address2?.toUpperCase()).toBe('FLOOR 66');
      expect(checked.address.city.toUpperCase()).toBe('CHICAGO');
      expect(checked).not.toHaveProperty('fallback');
    });

    it('refuses to validate a state that is not a US state, and a ZIP outside the state', async () => {
      const paris = { address1: '1 Rue de Rivoli', city: 'Paris', state: 'Île-de-France', zip: '75001' };
      expect(await under.tax.validateAddress(paris)).toEqual({
        valid: false,
        reason: 'unknownState',
        state: 'Île-de-France',
      });
      expect(
        await under.tax.validateAddress({
          address1: '1 Main St',
          city: 'Chicago',
          state: 'IL',
          zip: '10001',
        }),
      ).toEqual({ valid: false, reason: 'zipNotInState', state: 'IL' });
    });

    /** A paid invoice of $100.00 (a lot and its premium) with $10.25 tax charged, delivered in Chicago. */
    const sale = (code: string): TaxSale => ({
      code,
      date: '2026-03-02',
      customerCode: 'ann',
      address: { address1: '233 S Wacker Dr', city: 'Chicago', state: 'IL', zip: '60606' },
      lines: [
        { number: '1', itemCode: 'lot-1', description: 'Barolo 2016', quantity: 6, amount: 8_000 },
        {
          number: 'premium',
          itemCode: 'premium',
          description: "Buyer's premium",
          quantity: 1,
          amount: 2_000,
        },
      ],
      tax: 1_025,
    });

    it('records a paid sale with the tax we charged, once by its code', async () => {
      const first = await under.tax.recordSale(sale('2026-000001'));
      expect(first).toEqual({
        service: under.tax.name,
        code: '2026-000001',
        type: 'SalesInvoice',
        status: 'Committed',
        totalAmount: 10_000,
        totalTax: 1_025,
      });
      // Recorded again (a retry, a second instance): the same document, no second sale.
      expect(await under.tax.recordSale({ ...sale('2026-000001'), tax: 999 })).toEqual(first);
    });

    it("refunds a return's share of a recorded sale, once by the refund's code", async () => {
      await under.tax.recordSale(sale('2026-000002'));
      const refund = {
        code: '2026-000002-R-1',
        saleCode: '2026-000002',
        date: '2026-03-09',
        amount: 2_205,
        tax: 205,
        saleTotal: 11_025,
      };
      const refunded = await under.tax.refundSale(refund);
      expect(refunded).toEqual({
        service: under.tax.name,
        code: '2026-000002-R-1',
        type: 'ReturnInvoice',
        status: 'Committed',
        totalAmount: -2_000,
        totalTax: -205,
      });
      expect(await under.tax.refundSale(refund)).toEqual(refunded);
    });

    it('voids a recorded sale, and again is no change', async () => {
      await under.tax.recordSale(sale('2026-000003'));
      const voided = await under.tax.voidSale('2026-000003');
      expect(voided).toMatchObject({ code: '2026-000003', type: 'SalesInvoice', status: 'Cancelled' });
      expect(await under.tax.voidSale('2026-000003')).toEqual(voided);
    });

    it('refuses a refund or a void of a sale it does not hold', async () => {
      const refund = {
        code: 'x-R-1',
        saleCode: 'never-recorded',
        date: '2026-03-09',
        amount: 100,
        tax: 0,
        saleTotal: 100,
      };
      await expect(under.tax.refundSale(refund)).rejects.toMatchObject({ code: 'EntityNotFoundError' });
      await expect(under.tax.voidSale('never-recorded')).rejects.toMatchObject({
        code: 'EntityNotFoundError',
      });
    });
  });
}
