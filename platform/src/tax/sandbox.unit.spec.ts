import { defaultMoneySettings } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { createSandboxTaxService } from './sandbox.ts';

const tax = createSandboxTaxService(() => defaultMoneySettings.taxRates);
const at = (city: string, state: string, zip: string) =>
  tax.quote({ address1: '1 Main St', city, state, zip });

describe('the sandbox tax and address service', () => {
  it('charges Chicago its combined rate and the rest of Illinois the state rate', async () => {
    expect(await at('Chicago', 'IL', '60607')).toEqual({ ok: true, state: 'IL', rate: 1025 });
    expect(await at('chicago ', 'Illinois', '60601-1234')).toEqual({ ok: true, state: 'IL', rate: 1025 });
    expect(await at('Springfield', 'il', '62701')).toEqual({ ok: true, state: 'IL', rate: 625 });
  });

  it('charges no tax where no rate is configured', async () => {
    expect(await at('New York', 'NY', '10001')).toEqual({ ok: true, state: 'NY', rate: 0 });
  });

  it('refuses a state that is not a US state, and a ZIP outside the state', async () => {
    expect(await at('Paris', 'Île-de-France', '75001')).toEqual({
      ok: false,
      reason: 'unknownState',
      state: 'Île-de-France',
    });
    expect(await at('Chicago', 'IL', '10001')).toEqual({ ok: false, reason: 'zipNotInState', state: 'IL' });
    expect(await at('Chicago', 'IL', '6060')).toEqual({ ok: false, reason: 'zipNotInState', state: 'IL' });
  });
});
