/**
 * The tax port's contract (issue 35 §5): what every tax service answers for an address, with the
 * rates IL 6.25% and Chicago 10.25% configured on its side (contracts' default table).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaxService } from './port.ts';

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
  });
}
