import { describe, expect, it } from 'vitest';
import { httpUrlSetting, isHttpUrl, namesListed, requiredSettings, settingsTogether } from './settings.ts';

describe('requiredSettings', () => {
  it('gives every setting when all are set, and only those', () => {
    const config = { A: 'a', B: 'b', C: 'c' };
    expect(requiredSettings(config, ['A', 'B'], 'X=y')).toEqual({ A: 'a', B: 'b' });
  });

  it('names every one missing, a blank one counting as missing', () => {
    expect(() => requiredSettings({ A: ' ', C: 'c' }, ['A', 'B', 'C'], 'X=y')).toThrow('X=y needs A and B');
  });
});

describe('settingsTogether', () => {
  const keys = ['ID', 'SECRET', 'TOKEN'] as const;

  it('gives none when none is set, and all when all are', () => {
    expect(settingsTogether({}, keys)).toBeUndefined();
    expect(settingsTogether({ ID: '', SECRET: '  ' }, keys)).toBeUndefined();
    expect(settingsTogether({ ID: 'i', SECRET: 's', TOKEN: 't' }, keys)).toEqual({
      ID: 'i',
      SECRET: 's',
      TOKEN: 't',
    });
  });

  it('refuses part of them, naming the ones missing', () => {
    expect(() => settingsTogether({ SECRET: 's' }, keys)).toThrow(
      'ID, SECRET, TOKEN go together: ID and TOKEN missing',
    );
  });
});

describe('isHttpUrl and httpUrlSetting', () => {
  it('takes http and https URLs with a host', () => {
    expect(isHttpUrl('https://api.example.com/v1')).toBe(true);
    expect(isHttpUrl('http://127.0.0.1:4010')).toBe(true);
  });

  it('refuses other schemes, bare hosts, white space and text', () => {
    for (const value of [
      'ftp://example.com',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'api.example.com',
      'https://api.example.com/v3 extra',
      '',
    ])
      expect(isHttpUrl(value), value).toBe(false);
  });

  it('takes only https when asked to', () => {
    expect(isHttpUrl('http://api.example.com', { httpsOnly: true })).toBe(false);
    expect(isHttpUrl('https://api.example.com', { httpsOnly: true })).toBe(true);
  });

  it('gives an unset or good URL as it is, and names the setting of a bad one', () => {
    expect(httpUrlSetting(undefined, 'U')).toBeUndefined();
    expect(httpUrlSetting('https://a.example', 'U')).toBe('https://a.example');
    expect(() => httpUrlSetting('ftp://a.example', 'U')).toThrow('U must be an http(s) URL');
    expect(() => httpUrlSetting('http://a.example', 'U', { httpsOnly: true })).toThrow(
      'U must be an https URL',
    );
  });
});

describe('namesListed', () => {
  it('reads a comma-separated list name by name, in any case, leaving out empty names', () => {
    expect(namesListed(' Stripe, PAYPAL ,,paytm')).toEqual(['stripe', 'paypal', 'paytm']);
    expect(namesListed(undefined)).toEqual([]);
  });
});
