import { events, type PageEvent } from '@wine/event-schemas';
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../core/decider-spec.ts';
import { type PageCommand, pageDecider } from './page.ts';
import { isBlankHtml, sanitisePageHtml } from './sanitise.ts';

const spec = deciderSpec(pageDecider);

const publish = (over: Partial<PageCommand> = {}): PageCommand =>
  ({
    type: 'PublishPage',
    pageId: 'about',
    title: 'About us',
    metaDescription: 'Who we are',
    contentType: 'html',
    content: '<h2>Our cellar</h2><p>Since 1987.</p>',
    ...over,
  }) as PageCommand;

const published = (
  over: Partial<Extract<PageEvent, { type: 'StaticPagePublished' }>['data']> = {},
): PageEvent => ({
  type: 'StaticPagePublished',
  data: {
    pageId: 'about',
    title: 'About us',
    contentType: 'html',
    content: '<h2>Our cellar</h2><p>Since 1987.</p>',
    filePath: null,
    metaDescription: 'Who we are',
    spanish: null,
    ...over,
  },
});

const spanish = {
  title: 'Quiénes somos',
  metaDescription: 'La casa',
  content: '<h2>Nuestra bodega</h2><p>Desde 1987.</p>',
  filePath: null,
};

describe('publishing a static page', () => {
  it('records the first version of a page', () => {
    spec([]).when(publish()).then([published()]);
  });

  it('records a changed version of a published page', () => {
    spec([published()])
      .when(publish({ title: 'About the merchant' }))
      .then([published({ title: 'About the merchant' })]);
  });

  it('records nothing when the page already says the same', () => {
    spec([published()]).when(publish()).then([]);
  });

  it('strips scripts, event handlers, javascript: links, iframes and style attributes on the way in', () => {
    spec([])
      .when(
        publish({
          content:
            '<p style="color:red" onclick="steal()">Hello<script>alert(1)</script></p>' +
            '<a href="javascript:alert(1)">x</a><iframe src="https://evil.example"></iframe>' +
            '<img src="x" onerror="alert(1)"><a href="https://example.com" target="_blank">ok</a>',
        }),
      )
      .then([
        published({
          content:
            '<p>Hello</p><a>x</a><img src="x" /><a href="https://example.com" target="_blank" rel="noopener noreferrer">ok</a>',
        }),
      ]);
  });

  it('refuses HTML that is empty once the unsafe parts are gone', () => {
    spec([])
      .when(publish({ content: '<script>alert(1)</script><p>  </p>' }))
      .thenThrows({ code: 'PAGE_CONTENT_EMPTY' });
  });

  it('records a PDF page with its file name and sanitised optional text', () => {
    spec([])
      .when(
        publish({
          pageId: 'guidelines',
          title: 'Guidelines',
          contentType: 'file',
          filePath: 'guidelines.pdf',
          content: '<b onmouseover="x()">Intro</b>',
        }),
      )
      .then([
        published({
          pageId: 'guidelines',
          title: 'Guidelines',
          contentType: 'file',
          filePath: 'guidelines.pdf',
          content: '<b>Intro</b>',
        }),
      ]);
  });
});

describe('a page in Spanish (issue 34 §2: for_spanish beside for_english)', () => {
  it('records the Spanish version with the English one', () => {
    spec([])
      .when(publish({ spanish }))
      .then([published({ spanish })]);
  });

  it('sanitises the Spanish HTML as the English, and trims its title and meta description', () => {
    spec([])
      .when(
        publish({
          spanish: {
            ...spanish,
            title: '  Quiénes somos ',
            metaDescription: ' La casa ',
            content: '<p onclick="steal()">Hola<script>alert(1)</script></p><a href="javascript:x()">x</a>',
          },
        }),
      )
      .then([published({ spanish: { ...spanish, content: '<p>Hola</p><a>x</a>' } })]);
  });

  it('keeps an untranslated field empty (the English shows there) and no Spanish at all as null', () => {
    spec([])
      .when(
        publish({
          spanish: { title: 'Quiénes somos', metaDescription: '', content: '<p> </p>', filePath: null },
        }),
      )
      .then([
        published({ spanish: { title: 'Quiénes somos', metaDescription: '', content: '', filePath: null } }),
      ]);
    spec([])
      .when(
        publish({
          spanish: { title: ' ', metaDescription: '', content: '<script>x</script>', filePath: null },
        }),
      )
      .then([published({ spanish: null })]);
  });

  it('records a changed Spanish version, and nothing when both languages say the same', () => {
    spec([published({ spanish })])
      .when(publish({ spanish: { ...spanish, title: 'Sobre nosotros' } }))
      .then([published({ spanish: { ...spanish, title: 'Sobre nosotros' } })]);
    spec([published({ spanish })])
      .when(publish({ spanish }))
      .then([]);
  });

  it('takes a Spanish PDF on a PDF page only', () => {
    spec([])
      .when(
        publish({
          contentType: 'file',
          filePath: 'guidelines.pdf',
          content: '',
          spanish: { ...spanish, content: '', filePath: 'guias.pdf' },
        }),
      )
      .then([
        published({
          contentType: 'file',
          filePath: 'guidelines.pdf',
          content: '',
          spanish: { ...spanish, content: '', filePath: 'guias.pdf' },
        }),
      ]);
    spec([])
      .when(publish({ spanish: { ...spanish, filePath: 'guias.pdf' } }))
      .then([published({ spanish })]);
  });

  it('folds a version 1 event (before Spanish) as a page without Spanish, so publishing it again records nothing', () => {
    const v1 = {
      pageId: 'about',
      title: 'About us',
      contentType: 'html',
      content: '<h2>Our cellar</h2><p>Since 1987.</p>',
      filePath: null,
      metaDescription: 'Who we are',
    };
    const lifted = events.upcast('StaticPagePublished', 1, v1);
    expect(lifted).toEqual({ version: 2, data: { ...v1, spanish: null } });
    const old = { type: 'StaticPagePublished', data: lifted.data } as PageEvent;
    spec([old]).when(publish()).then([]);
    spec([old])
      .when(publish({ spanish }))
      .then([published({ spanish })]);
  });
});

describe('sanitisePageHtml', () => {
  it('keeps headings, lists, tables and safe links', () => {
    const html =
      '<h1>T</h1><h3>S</h3><ul><li>a</li></ul><table><tbody><tr><td>1</td></tr></tbody></table>' +
      '<a href="mailto:info@example.com">mail</a><a href="tel:+13125550100">call</a>';
    expect(sanitisePageHtml(html)).toBe(html);
  });

  it('drops data: images and protocol-relative links', () => {
    expect(
      sanitisePageHtml('<img src="data:image/svg+xml,<svg onload=alert(1)>"><a href="//evil.example">x</a>'),
    ).toBe('<img /><a>x</a>');
  });

  it('tells blank HTML from HTML with text or an image', () => {
    expect(isBlankHtml('<p> </p><br />')).toBe(true);
    expect(isBlankHtml('<p>a</p>')).toBe(false);
    expect(isBlankHtml('<img src="https://example.com/a.png" />')).toBe(false);
  });
});
