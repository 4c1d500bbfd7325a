import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openTax } from './index.ts';
import { createSandboxTaxService } from './sandbox.ts';

const table = createSandboxTaxService(() => ({}));

describe('the tax service configuration', () => {
  it('picks the configured table by default, with a 3 s timeout for a service', () => {
    const config = loadConfig({});
    expect(config.TAX_PROVIDER).toBe('sandbox');
    expect(config.TAX_TIMEOUT_MS).toBe(3_000);
    expect(openTax(config)(table)).toBe(table);
  });

  it('picks avalara with its keys, the company DEFAULT unless named', () => {
    const config = loadConfig({
      TAX_PROVIDER: 'avalara',
      AVALARA_ACCOUNT_ID: '2000123456',
      AVALARA_LICENSE_KEY: 'KEY',
      TAX_TIMEOUT_MS: '1500',
    });
    expect(config.TAX_TIMEOUT_MS).toBe(1_500);
    expect(openTax(config)(table).name).toBe('avalara');
  });

  it('refuses to start with avalara and a key missing, naming what is missing', () => {
    expect(() => openTax(loadConfig({ TAX_PROVIDER: 'avalara' }))).toThrow(
      'TAX_PROVIDER=avalara needs AVALARA_ACCOUNT_ID and AVALARA_LICENSE_KEY',
    );
    expect(() => openTax(loadConfig({ TAX_PROVIDER: 'avalara', AVALARA_ACCOUNT_ID: '1' }))).toThrow(
      'TAX_PROVIDER=avalara needs AVALARA_LICENSE_KEY',
    );
  });

  it('refuses an unknown provider, a bad URL and a timeout out of range', () => {
    expect(() => loadConfig({ TAX_PROVIDER: 'vertex' })).toThrow(/TAX_PROVIDER/);
    expect(() => loadConfig({ AVALARA_URL: 'ftp://x' })).toThrow(/AVALARA_URL/);
    expect(() => loadConfig({ TAX_TIMEOUT_MS: '5' })).toThrow(/TAX_TIMEOUT_MS/);
  });
});
