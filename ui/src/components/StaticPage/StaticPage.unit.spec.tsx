import { screen, waitFor } from '@testing-library/react';
import type { StaticPageRecord } from '@wine/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { configureApi } from '../../api/client.ts';
import { i18n } from '../../i18n/index.ts';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { Failure, fakeApi } from '../../test-utils/fake-api.ts';
import { render } from '../../test-utils/render.tsx';
import { purifyPageHtml, StaticPage } from './StaticPage.tsx';

let restore = () => {};
afterEach(async () => {
  restore();
  await i18n.changeLanguage('en');
});

const aPage = (over: Partial<StaticPageRecord> = {}): StaticPageRecord => ({
  id: 'about',
  title: 'About Us',
  content_type: 'html',
  content: '<h2>A Chicago wine merchant</h2><p>Since 1987.</p><ul><li>Honest descriptions</li></ul>',
  file_path: null,
  meta_description: 'Who we are',
  updated_at: '2026-11-22T12:00:00.000Z',
  language: 'en',
  ...over,
});

function serve(page: StaticPageRecord | Failure) {
  const api = fakeApi({
    getStaticPage: () => {
      if (page instanceof Failure) throw page;
      return page;
    },
  });
  restore = configureApi({ fetch: api.fetch, getToken: () => null });
  return api;
}

describe('StaticPage', () => {
  it('loads the page by its id and shows its title and HTML, setting the document title', async () => {
    const api = serve(aPage());
    const { container } = await render(<StaticPage id="about" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'About Us' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'A Chicago wine merchant' })).toBeTruthy();
    expect(screen.getByRole('listitem').textContent).toBe('Honest descriptions');
    expect(api.to('getStaticPage')).toEqual([
      { action: 'getStaticPage', input: { id: 'about', language: 'en' }, authorization: undefined },
    ]);
    await waitFor(() => expect(document.title).toMatch(/^About Us \|/));
    expect(document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content).toBe(
      'Who we are',
    );
    await expectNoAxeViolations(container);
  });

  it('asks for the page in the reader’s language and marks an untranslated body as English', async () => {
    await i18n.changeLanguage('es');
    const api = serve(aPage({ title: 'Quiénes somos', language: 'en' }));
    await render(<StaticPage id="about" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Quiénes somos' })).toBeTruthy();
    expect(api.to('getStaticPage')[0]?.input).toEqual({ id: 'about', language: 'es' });
    expect(screen.getByTestId('page-content').getAttribute('lang')).toBe('en');
  });

  it('shows a loading skeleton until the record is there', async () => {
    let answer: (page: StaticPageRecord) => void = () => {};
    const api = fakeApi({
      getStaticPage: () =>
        new Promise<StaticPageRecord>((resolve) => {
          answer = resolve;
        }),
    });
    restore = configureApi({ fetch: api.fetch, getToken: () => null });
    await render(<StaticPage id="faq" />);
    expect(await screen.findByTestId('page-loading')).toBeTruthy();
    answer(aPage({ id: 'faq', title: 'FAQ' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'FAQ' })).toBeTruthy();
    expect(screen.queryByTestId('page-loading')).toBeNull();
  });

  it('strips scripts, handlers and javascript: links again in the browser', async () => {
    const hostile =
      '<p onclick="window.pwned=1">Hello</p><script>window.pwned=2</script>' +
      '<a href="javascript:window.pwned=3">click</a><img src="x" onerror="window.pwned=4" alt="x">' +
      '<iframe src="https://evil.example"></iframe><p style="position:fixed">styled</p>';
    serve(aPage({ content: hostile }));
    const { container } = await render(<StaticPage id="about" />);
    await screen.findByText('Hello');
    const content = screen.getByTestId('page-content');
    expect(content.querySelector('script, iframe, [onclick], [onerror], [style]')).toBeNull();
    expect(content.querySelector('a')?.getAttribute('href')).toBeNull();
    expect(content.textContent).toBe('Helloclickstyled');
    expect(container.querySelector('script')).toBeNull();
    expect((window as { pwned?: number }).pwned).toBeUndefined();
  });

  it('embeds a file page’s PDF from the upload folder, with a download link', async () => {
    serve(
      aPage({
        id: 'guidelines',
        title: 'Guidelines',
        content_type: 'file',
        content: '<p>Read or download.</p>',
        file_path: 'guidelines.pdf',
      }),
    );
    const { container } = await render(<StaticPage id="guidelines" />);
    const frame = await screen.findByTitle('Guidelines (PDF)');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('/uploads/files/guidelines.pdf');
    const link = screen.getByRole('link', { name: 'Download Guidelines (PDF)' });
    expect(link.getAttribute('href')).toBe('/uploads/files/guidelines.pdf');
    expect(screen.getByText('Read or download.')).toBeTruthy();
    // axe-core cannot enter a frame under jsdom: the frame's name is checked above, the rest by axe.
    frame.remove();
    await expectNoAxeViolations(container);
  });

  it('shows a friendly not-found state for a page never published', async () => {
    serve(new Failure('Page not found', 404, { field: 'id' }, 'PAGE_NOT_FOUND'));
    const { container } = await render(<StaticPage id="header_first_page" />);
    expect(await screen.findByTestId('not-found')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('renders the children after the content (the benefit cards of /selling_wine)', async () => {
    serve(aPage({ id: 'selling_wine', title: 'Selling Wine' }));
    await render(
      <StaticPage id="selling_wine">
        <p>benefits</p>
      </StaticPage>,
    );
    await screen.findByRole('heading', { level: 1, name: 'Selling Wine' });
    expect(screen.getByText('benefits')).toBeTruthy();
  });
});

describe('purifyPageHtml', () => {
  it('keeps headings, lists, tables and safe links', () => {
    const html =
      '<h2>T</h2><ol><li>a</li></ol><table><tbody><tr><td>1</td></tr></tbody></table><a href="https://example.com">x</a>';
    expect(purifyPageHtml(html)).toBe(html);
  });
});
