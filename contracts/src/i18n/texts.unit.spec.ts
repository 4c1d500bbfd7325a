import { afterEach, describe, expect, it } from 'vitest';
import { i18n, setLanguageSource, t, toLanguage } from './index.ts';

// The default source again (the unit files share one module graph: a constant would outlive this file).
afterEach(() => setLanguageSource(() => toLanguage(i18n.language)));

describe('t, a shared text in the current language', () => {
  it('answers each language its own text for the same key, asked again and again', () => {
    setLanguageSource(() => 'en');
    expect(t('common.ok')).toBe('ok');
    setLanguageSource(() => 'es');
    const spanish = t('common.ok');
    expect(spanish).not.toBe('');
    expect(t('errors.LOT_NOT_FOUND')).not.toBe(i18n.t('errors.LOT_NOT_FOUND', { lng: 'en' }));
    setLanguageSource(() => 'en');
    expect(t('errors.LOT_NOT_FOUND')).toBe(i18n.t('errors.LOT_NOT_FOUND', { lng: 'en' }));
    setLanguageSource(() => 'es');
    expect(t('common.ok')).toBe(spanish);
  });

  it('reads texts added later (the UI adds its bundles) instead of what it answered before', () => {
    setLanguageSource(() => 'en');
    expect(t('common.ok')).toBe('ok');
    i18n.addResourceBundle('en', 'translation', { common: { ok: 'all good' } }, true, true);
    try {
      expect(t('common.ok')).toBe('all good');
    } finally {
      i18n.addResourceBundle('en', 'translation', { common: { ok: 'ok' } }, true, true);
    }
    expect(t('common.ok')).toBe('ok');
  });

  it('interpolates options every time', () => {
    setLanguageSource(() => 'en');
    const a = t('live.registered', { paddle: '101' });
    const b = t('live.registered', { paddle: '102' });
    expect(a).toContain('101');
    expect(b).toContain('102');
  });
});
