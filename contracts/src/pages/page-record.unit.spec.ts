import { describe, expect, it } from 'vitest';
import { type BilingualPage, pageInLanguage } from './page-record.ts';

const page = (over: Partial<BilingualPage> = {}): BilingualPage => ({
  title: 'About us',
  content_type: 'html',
  content: '<p>Since 1987.</p>',
  file_path: null,
  meta_description: 'Who we are',
  spanish: { title: 'Quiénes somos', meta_description: '', content: '<p>Desde 1987.</p>', file_path: null },
  ...over,
});

describe('a page in one language (issue 34 §2)', () => {
  it('reads the English page in English, whatever Spanish it has', () => {
    expect(pageInLanguage(page(), 'en')).toEqual({
      title: 'About us',
      content_type: 'html',
      content: '<p>Since 1987.</p>',
      file_path: null,
      meta_description: 'Who we are',
      language: 'en',
    });
  });

  it('reads each Spanish field where it is written and the English one where it is not', () => {
    expect(pageInLanguage(page(), 'es')).toMatchObject({
      title: 'Quiénes somos',
      content: '<p>Desde 1987.</p>',
      meta_description: 'Who we are',
      language: 'es',
    });
  });

  it('takes an empty editor (an empty paragraph, a space) for no Spanish body, but an image for one', () => {
    for (const content of ['', '<p></p>', '<p>&nbsp; </p><br>']) {
      const spanish = { title: '', meta_description: '', content, file_path: null };
      expect(pageInLanguage(page({ spanish }), 'es')).toMatchObject({
        title: 'About us',
        content: '<p>Since 1987.</p>',
        language: 'en',
      });
    }
    const image = { title: '', meta_description: '', content: '<p><img src="/a.jpg"></p>', file_path: null };
    expect(pageInLanguage(page({ spanish: image }), 'es')).toMatchObject({ language: 'es' });
  });

  it('reads a PDF page in Spanish by its Spanish file, or the English file in English; no file on an HTML page', () => {
    const pdf = page({ content_type: 'file', content: '', file_path: 'guidelines.pdf' });
    expect(pageInLanguage(pdf, 'es')).toMatchObject({ file_path: 'guidelines.pdf', language: 'en' });
    const both = {
      ...pdf,
      spanish: { title: 'Guía', meta_description: '', content: '', file_path: 'guia.pdf' },
    };
    expect(pageInLanguage(both, 'es')).toMatchObject({
      title: 'Guía',
      file_path: 'guia.pdf',
      language: 'es',
    });
    expect(pageInLanguage(page({ file_path: 'stray.pdf' }), 'en').file_path).toBeNull();
  });
});
