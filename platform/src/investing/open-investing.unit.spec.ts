import { describe, expect, it } from 'vitest';
import { openInvesting } from './index.ts';

describe('the investing service configuration', () => {
  it('picks the embedded sandbox by default', () => {
    expect(openInvesting({}).name).toBe('sandbox');
    expect(openInvesting({ INVESTING_PROVIDER: 'sandbox', NORTHCAPITAL_API_KEY: 'ignored' }).name).toBe(
      'sandbox',
    );
  });

  it('picks North Capital with its client ID and API key, its sandbox URL unless one is given', () => {
    expect(
      openInvesting({
        INVESTING_PROVIDER: 'northcapital',
        NORTHCAPITAL_CLIENT_ID: 'c',
        NORTHCAPITAL_API_KEY: 'k',
      }).name,
    ).toBe('northcapital');
  });

  it('refuses to start with northcapital and a key missing, naming what is missing', () => {
    expect(() => openInvesting({ INVESTING_PROVIDER: 'northcapital' })).toThrow(
      'INVESTING_PROVIDER=northcapital needs NORTHCAPITAL_CLIENT_ID and NORTHCAPITAL_API_KEY',
    );
    expect(() => openInvesting({ INVESTING_PROVIDER: 'northcapital', NORTHCAPITAL_CLIENT_ID: 'c' })).toThrow(
      'INVESTING_PROVIDER=northcapital needs NORTHCAPITAL_API_KEY',
    );
    expect(() =>
      openInvesting({
        INVESTING_PROVIDER: 'northcapital',
        NORTHCAPITAL_CLIENT_ID: ' ',
        NORTHCAPITAL_API_KEY: 'k',
      }),
    ).toThrow('needs NORTHCAPITAL_CLIENT_ID');
  });

  it('refuses an unknown provider and a URL that is not http(s)', () => {
    expect(() => openInvesting({ INVESTING_PROVIDER: 'fundamerica' })).toThrow(
      'INVESTING_PROVIDER must be one of sandbox, northcapital, not fundamerica',
    );
    expect(() =>
      openInvesting({
        INVESTING_PROVIDER: 'northcapital',
        NORTHCAPITAL_API_URL: 'ftp://x',
        NORTHCAPITAL_CLIENT_ID: 'c',
        NORTHCAPITAL_API_KEY: 'k',
      }),
    ).toThrow('NORTHCAPITAL_API_URL must be an http(s) URL');
  });
});
