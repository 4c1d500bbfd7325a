import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StaffBanner, StaffPageRow, StaffPageVersion } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test-utils/app.tsx';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { Failure, withMessage } from '../../test-utils/fake-api.ts';
import { aUser } from '../../test-utils/fixtures.ts';

type Api = NonNullable<Parameters<typeof renderApp>[1]>['api'];

/** Signed in as Ada, an admin. */
const admin = (path: string, api: Api = {}) =>
  renderApp(path, {
    storedToken: 'tok-1',
    api: {
      validateUser: () => aUser({ id: 'ada', roles: ['admin'], isAdmin: true }),
      staffPages: () => ({ records: [], totalRecords: 0 }),
      staffPageHistory: () => ({ records: [] }),
      staffBanners: () => ({ records: [], totalRecords: 0 }),
      ...api,
    },
  });

const aRow = (overrides: Partial<StaffPageRow> = {}): StaffPageRow => ({
  id: 'about',
  title: 'About us',
  content_type: 'html',
  updated_at: '2026-11-20T15:00:00.000Z',
  versions: 2,
  known: true,
  translated: false,
  ...overrides,
});

const aVersion = (version: number, overrides: Partial<StaffPageVersion> = {}): StaffPageVersion => ({
  version,
  published_at: `2026-11-2${version}T15:00:00.000Z`,
  published_by: { id: 'ada', name: 'Ada Admin' },
  title: `About us v${version}`,
  content_type: 'html',
  content: `<h2>Version ${version}</h2><p>Since 1987.</p>`,
  file_path: null,
  meta_description: `Who we are (${version})`,
  spanish: null,
  ...overrides,
});

const aBanner = (overrides: Partial<StaffBanner> = {}): StaffBanner => ({
  id: 'spring',
  title: 'Spring auction',
  subtitle: 'Bordeaux and Burgundy',
  image: 'a'.repeat(32).concat('.jpg'),
  link: '/search',
  link_label: 'Browse',
  sort_order: 1,
  active: 1,
  published_at: '2026-11-20T15:00:00.000Z',
  ...overrides,
});

const pdf = (name: string, bytes = 10) =>
  new File([new Uint8Array(bytes).fill(0x25)], name, { type: 'application/pdf' });

const spanishAbout = {
  title: 'Quiénes somos',
  meta_description: '',
  content: '<h2>Nuestra bodega</h2>',
  file_path: null,
};

const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });

describe('/admin/pages: the staff list of pages', () => {
  it('lists each page, published or not, each linked to its editor, and passes axe', async () => {
    await admin('/admin/pages', {
      staffPages: () => ({
        records: [
          aRow({ translated: true }),
          aRow({ id: 'faq', title: null, content_type: null, updated_at: null, versions: 0 }),
        ],
        totalRecords: 2,
      }),
    });
    const rows = await screen.findAllByTestId('staff-page-row');
    expect(rows).toHaveLength(2);
    const about = within(rows[0] as HTMLElement);
    expect(about.getByRole('link', { name: 'About us' }).getAttribute('href')).toBe('/admin/pages/about');
    expect(about.getByTestId('page-status').textContent).toBe('Published');
    expect(about.getByText('/about')).toBeTruthy();
    expect(about.getByTestId('page-translated').textContent).toBe('Translated');
    const faq = within(rows[1] as HTMLElement);
    expect(faq.getByRole('link', { name: 'Untitled: faq' }).getAttribute('href')).toBe('/admin/pages/faq');
    expect(faq.getByTestId('page-status').textContent).toBe('Not published');
    expect(faq.getByText('Never')).toBeTruthy();
    expect(faq.queryByTestId('page-translated')).toBeNull();
    expect(screen.getByText('Pages: 2')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Content' });
    expect(within(nav).getByRole('link', { name: 'Pages' }).getAttribute('aria-current')).toBe('page');
    await expectNoAxeViolations(screen.getByRole('main'));
  });

  it('opens a new page by an id it checks first', async () => {
    const { user, router } = await admin('/admin/pages');
    const id = await screen.findByRole('textbox', { name: /Page id/ });
    await user.type(id, 'Bad Id');
    await user.click(screen.getByTestId('new-page-create'));
    expect(await screen.findByText(/A page id is lower-case letters/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/pages');
    await user.clear(id);
    await user.type(id, 'en-primeur');
    await user.click(screen.getByTestId('new-page-create'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/pages/en-primeur'));
    expect(await screen.findByRole('heading', { name: 'New page: en-primeur', level: 1 })).toBeTruthy();
    expect(screen.getByTestId('page-history-empty')).toBeTruthy();
  });
});

describe('/admin/pages/:id: the page editor', () => {
  it('starts from the current version, lists every version and restores an older one', async () => {
    const { api, user } = await admin('/admin/pages/about', {
      staffPageHistory: () => ({
        records: [aVersion(2), aVersion(1, { published_by: { id: 'bo', name: 'Bo' } })],
      }),
    });
    const title = (await screen.findByTestId('page-title')) as HTMLInputElement;
    expect(title.value).toBe('About us v2');
    expect((screen.getByTestId('page-meta') as HTMLTextAreaElement).value).toBe('Who we are (2)');
    expect(api.to('staffPageHistory')[0]?.input).toEqual({ id: 'about' });
    expect(screen.getByTestId('page-current').textContent).toContain('Version 2 published');
    expect(screen.getByTestId('page-view').getAttribute('href')).toBe('/about');
    const versions = screen.getAllByTestId('page-version');
    expect(versions.map((v) => v.textContent)).toEqual([
      expect.stringContaining('Ada Admin'),
      expect.stringContaining('Bo'),
    ]);
    const [restore] = screen.getAllByRole('button', { name: 'Restore version 1 into the editor' });
    await user.click(restore as HTMLElement);
    expect(title.value).toBe('About us v1');
    await user.click(screen.getByRole('radio', { name: 'HTML' }));
    expect((screen.getByTestId('page-html') as HTMLTextAreaElement).value).toBe(
      '<h2>Version 1</h2><p>Since 1987.</p>',
    );
    await expectNoAxeViolations(screen.getByRole('main'));
  });

  it('publishes the HTML typed, shows the server’s message and asks the history again', async () => {
    const { api, user } = await admin('/admin/pages/header_first_page', {
      publishPage: (input) =>
        withMessage('Page published', {
          id: input.id,
          title: input.title,
          content_type: input.content_type,
          content: String(input.content),
          meta_description: input.meta_description ?? '',
          file_path: null,
          updated_at: '2026-11-29T12:00:00.000Z',
          language: 'en',
        }),
    });
    await user.type(await screen.findByTestId('page-title'), 'Our cellars');
    await user.click(screen.getByRole('radio', { name: 'HTML' }));
    await user.click(screen.getByTestId('page-html'));
    await user.paste('<h2>Cellars</h2><img src=x onerror=alert(1)>');
    await user.click(screen.getByTestId('page-publish'));
    await waitFor(() =>
      expect(api.to('publishPage')[0]?.input).toEqual({
        id: 'header_first_page',
        content_type: 'html',
        title: 'Our cellars',
        meta_description: '',
        content: '<h2>Cellars</h2><img src=x onerror=alert(1)>',
        spanish: null,
      }),
    );
    expect((await screen.findByTestId('page-published')).textContent).toBe('Page published');
    await waitFor(() => expect(api.to('staffPageHistory')).toHaveLength(2));
  });

  it('checks the title and the content before sending, and puts the server’s field error under it', async () => {
    const { api, user } = await admin('/admin/pages/faq', {
      publishPage: () => {
        throw new Failure('Title: no control characters', 400, { field: 'title' });
      },
    });
    await user.click(await screen.findByTestId('page-publish'));
    expect(await screen.findByText('Write the page’s content')).toBeTruthy();
    expect(api.to('publishPage')).toHaveLength(0);
    await user.type(screen.getByTestId('page-title'), 'FAQ');
    await user.click(screen.getByRole('radio', { name: 'HTML' }));
    await user.type(screen.getByTestId('page-html'), 'Questions');
    await user.click(screen.getByTestId('page-publish'));
    expect(await screen.findByText('Title: no control characters')).toBeTruthy();
  });

  it('previews the draft as the storefront shows it, without what would run', async () => {
    const { user } = await admin('/admin/pages/about', {
      staffPageHistory: () => ({
        records: [aVersion(1, { content: '<h2>Cellar</h2><img src="/x.jpg" onerror="alert(1)">' })],
      }),
    });
    await user.click(await screen.findByTestId('page-preview'));
    const dialog = await screen.findByRole('dialog', { name: 'Preview' });
    expect(within(dialog).getByRole('heading', { name: 'About us v1', level: 1 })).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Cellar', level: 2 })).toBeTruthy();
    const image = dialog.querySelector('img[src="/x.jpg"]');
    expect(image).not.toBeNull();
    expect(image?.getAttribute('onerror')).toBeNull();
  });

  it('loads the rich-text editor with its toolbar in the page’s language', async () => {
    await admin('/admin/pages/about', { staffPageHistory: () => ({ records: [aVersion(1)] }) });
    expect(await screen.findByRole('button', { name: 'Bold' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload an image' })).toBeTruthy();
    const editor = screen.getByRole('textbox', { name: 'Content' });
    expect(editor.innerHTML).toContain('<h2>Version 1</h2>');
  });
});

describe('/admin/pages/:id: a page in English and Spanish (issue 34 §2)', () => {
  it('edits the Spanish version beside the English and publishes both', async () => {
    const { api, user } = await admin('/admin/pages/about', {
      staffPageHistory: () => ({ records: [aVersion(1, { spanish: spanishAbout })] }),
      publishPage: () => withMessage('Page published', null as never),
    });
    const title = (await screen.findByTestId('page-title')) as HTMLInputElement;
    expect(title.value).toBe('About us v1');
    await user.click(screen.getByRole('radio', { name: 'Spanish' }));
    expect(screen.getByRole('textbox', { name: 'Title in Spanish' })).toBe(title);
    expect(title.value).toBe('Quiénes somos');
    expect(title.getAttribute('lang')).toBe('es');
    expect(screen.getByTestId('page-spanish-hint').textContent).toContain('left empty shows the English');
    await user.type(screen.getByTestId('page-meta'), 'La casa');
    await user.click(screen.getByRole('radio', { name: 'HTML' }));
    const html = screen.getByTestId('page-html') as HTMLTextAreaElement;
    expect(html.value).toBe('<h2>Nuestra bodega</h2>');
    await user.clear(html);
    await user.type(html, 'Desde 1987');
    // Back in English, the English text is as it was.
    await user.click(screen.getByRole('radio', { name: 'English' }));
    expect(title.value).toBe('About us v1');
    expect((screen.getByTestId('page-html') as HTMLTextAreaElement).value).toBe(
      '<h2>Version 1</h2><p>Since 1987.</p>',
    );
    await user.click(screen.getByTestId('page-publish'));
    await waitFor(() =>
      expect(api.to('publishPage')[0]?.input).toEqual({
        id: 'about',
        content_type: 'html',
        title: 'About us v1',
        meta_description: 'Who we are (1)',
        content: '<h2>Version 1</h2><p>Since 1987.</p>',
        spanish: {
          title: 'Quiénes somos',
          meta_description: 'La casa',
          content: 'Desde 1987',
          file_path: null,
        },
      }),
    );
    await expectNoAxeViolations(screen.getByRole('main'));
  });

  it('previews the Spanish version, with the English where a field is not translated', async () => {
    const { user } = await admin('/admin/pages/about', {
      staffPageHistory: () => ({ records: [aVersion(1, { spanish: { ...spanishAbout, content: '' } })] }),
    });
    await user.click(await screen.findByRole('radio', { name: 'Spanish' }));
    await user.click(screen.getByRole('button', { name: 'Preview in Spanish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview in Spanish' });
    expect(within(dialog).getByRole('heading', { level: 1, name: 'Quiénes somos' })).toBeTruthy();
    // No Spanish content: the English body, marked as English.
    const body = within(dialog).getByTestId('page-content');
    expect(body.textContent).toBe('Version 1Since 1987.');
    expect(body.getAttribute('lang')).toBe('en');
  });

  it('restores both languages of a version, and shows a Spanish field’s refusal in Spanish', async () => {
    const { api, user } = await admin('/admin/pages/faq', {
      staffPageHistory: () => ({ records: [aVersion(2), aVersion(1, { spanish: spanishAbout })] }),
      publishPage: () => {
        throw new Failure('Spanish title: no control characters', 400, { field: 'spanish.title' });
      },
    });
    await user.click(await screen.findByRole('radio', { name: 'Spanish' }));
    const title = screen.getByTestId('page-title') as HTMLInputElement;
    expect(title.value).toBe('');
    expect(title.getAttribute('placeholder')).toBe('About us v2');
    const [restore] = screen.getAllByRole('button', { name: 'Restore version 1 into the editor' });
    await user.click(restore as HTMLElement);
    expect(title.value).toBe('Quiénes somos');
    await user.click(screen.getByRole('radio', { name: 'English' }));
    expect(title.value).toBe('About us v1');
    await user.click(screen.getByTestId('page-publish'));
    await waitFor(() => expect(api.to('publishPage')).toHaveLength(1));
    // The refusal names the Spanish title: the editor turns to Spanish to show it under the field.
    expect(await screen.findByText('Spanish title: no control characters')).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Spanish' }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('/admin/pages/:id: a PDF page (issue 34 §2)', () => {
  const stored = `${'c'.repeat(32)}.pdf`;

  it('turns a page into a PDF page: uploads the file, then publishes it with its stored name', async () => {
    const { api, user } = await admin('/admin/pages/guidelines', {
      uploadPageFile: () => ({ file_name: stored, size: 10 }),
      publishPage: () => withMessage('Page published', null as never),
    });
    await user.type(await screen.findByTestId('page-title'), 'Guidelines');
    await user.click(screen.getByRole('radio', { name: 'PDF file' }));
    expect(screen.getByTestId('page-no-file').textContent).toBe('No PDF uploaded yet.');
    expect(screen.getByText('Text above the PDF (optional)')).toBeTruthy();
    // No file yet: the editor asks for one before sending.
    await user.click(screen.getByTestId('page-publish'));
    expect(await screen.findByText('Upload the page’s PDF')).toBeTruthy();
    expect(api.to('publishPage')).toHaveLength(0);
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.getAttribute('accept')).toBe('application/pdf,.pdf');
    await user.upload(input, pdf('guidelines 2026.pdf'));
    const link = await screen.findByTestId('page-file');
    expect(link.getAttribute('href')).toBe(`/uploads/files/${stored}`);
    expect(api.to('uploadPageFile')[0]?.input).toEqual({
      file_upload: { name: 'guidelines 2026.pdf', type: 'application/pdf', size: 10 },
    });
    expect(screen.queryByText('Upload the page’s PDF')).toBeNull();
    await user.click(screen.getByTestId('page-publish'));
    await waitFor(() =>
      expect(api.to('publishPage')[0]?.input).toEqual({
        id: 'guidelines',
        content_type: 'file',
        title: 'Guidelines',
        meta_description: '',
        file_path: stored,
        content: '',
        spanish: null,
      }),
    );
    await expectNoAxeViolations(screen.getByRole('main'));
  });

  it('keeps a Spanish PDF apart from the English one', async () => {
    const spanishPdf = `${'d'.repeat(32)}.pdf`;
    const { api, user } = await admin('/admin/pages/guidelines', {
      staffPageHistory: () => ({
        records: [aVersion(1, { title: 'Guidelines', content_type: 'file', content: '', file_path: stored })],
      }),
      uploadPageFile: () => ({ file_name: spanishPdf, size: 10 }),
      publishPage: () => withMessage('Page published', null as never),
    });
    expect((await screen.findByTestId('page-file')).getAttribute('href')).toBe(`/uploads/files/${stored}`);
    await user.click(screen.getByRole('radio', { name: 'Spanish' }));
    expect(screen.getByTestId('page-no-file').textContent).toBe('None: Spanish readers see the English PDF.');
    await user.upload(document.querySelector('input[type=file]') as HTMLInputElement, pdf('guia.pdf'));
    expect((await screen.findByTestId('page-file')).getAttribute('href')).toBe(
      `/uploads/files/${spanishPdf}`,
    );
    await user.click(screen.getByTestId('page-publish'));
    await waitFor(() =>
      expect(api.to('publishPage')[0]?.input).toMatchObject({
        content_type: 'file',
        file_path: stored,
        spanish: { title: '', meta_description: '', content: '', file_path: spanishPdf },
      }),
    );
  });

  it('shows the seeds’ upload texts: a file that is not a PDF is not sent, a refusal is shown', async () => {
    const { api, user } = await admin('/admin/pages/guidelines', {
      uploadPageFile: () => {
        throw new Failure('Not allowed', 403, null, 'ROLE_REQUIRED');
      },
    });
    await user.click(await screen.findByRole('radio', { name: 'PDF file' }));
    const input = () => document.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input(), pdf('guidelines.pdf'));
    expect((await screen.findByTestId('page-file-failure')).textContent).toBe('Not allowed');
    expect(api.to('uploadPageFile')).toHaveLength(1);
    // Picked anyway (the picker's filter is only a hint): refused before they are sent.
    fireEvent.change(input(), {
      target: { files: [new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' })] },
    });
    await waitFor(() =>
      expect(screen.getByTestId('page-file-failure').textContent).toBe(
        'Something went wrong! Please make sure you upload the expected file type',
      ),
    );
    fireEvent.change(input(), { target: { files: [pdf('huge.pdf', 10 * 1024 * 1024 + 1)] } });
    await waitFor(() =>
      expect(screen.getByTestId('page-file-failure').textContent).toBe('The PDF is larger than 10 MB'),
    );
    expect(api.to('uploadPageFile')).toHaveLength(1);
    expect(screen.getByTestId('page-no-file')).toBeTruthy();
  });
});

describe('/admin/banners: the home banners', () => {
  it('lists every banner with its order, image and whether it is on the home page', async () => {
    await admin('/admin/banners', {
      staffBanners: () => ({
        records: [
          aBanner(),
          aBanner({ id: 'old', title: 'Old sale', active: 0, sort_order: 4, image: null }),
        ],
        totalRecords: 2,
      }),
    });
    const rows = await screen.findAllByTestId('staff-banner-row');
    expect(rows.map((row) => within(row).getByTestId('banner-status').textContent)).toEqual([
      'Active',
      'Off the home page',
    ]);
    expect(
      within(rows[0] as HTMLElement)
        .getByTestId('staff-banner-image')
        .getAttribute('src'),
    ).toBe(`/uploads/banner/${'a'.repeat(32)}.jpg`);
    expect(within(rows[1] as HTMLElement).getByTestId('banner-republish')).toBeTruthy();
    await expectNoAxeViolations(screen.getByRole('main'));
  });

  it('creates a banner with an uploaded image and publishes it', async () => {
    const stored = `${'b'.repeat(32)}.jpg`;
    const { api, user } = await admin('/admin/banners', {
      imageUploader: () => ({ files: [{ file_name: stored, width: 2400, height: 800 }] }),
      publishBanner: (input) => withMessage('Banner published', { ...aBanner(), ...input, active: 1 }),
    });
    await user.click(await screen.findByTestId('banner-new'));
    const dialog = await screen.findByRole('dialog', { name: 'New banner' });
    await user.type(within(dialog).getByTestId('banner-id'), 'autumn');
    await user.type(within(dialog).getByTestId('banner-title'), 'Autumn sale');
    await user.type(within(dialog).getByTestId('banner-link'), '/search');
    await user.type(within(dialog).getByTestId('banner-link-label'), 'Browse');
    const file = dialog.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(file, jpeg('autumn.jpg'));
    await within(dialog).findByTestId('banner-image-preview');
    expect(api.to('imageUploader')[0]?.input).toMatchObject({ folder: 'banner' });
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() =>
      expect(api.to('publishBanner')[0]?.input).toEqual({
        id: 'autumn',
        title: 'Autumn sale',
        subtitle: '',
        image: stored,
        link: '/search',
        link_label: 'Browse',
        sort_order: 0,
      }),
    );
    expect(await screen.findByText('Banner published')).toBeTruthy();
  });

  it('shows the seeds’ upload texts when an image is refused', async () => {
    const { api, user } = await admin('/admin/banners', {
      imageUploader: () => {
        throw new Failure('Not allowed', 403, null, 'ROLE_REQUIRED');
      },
    });
    await user.click(await screen.findByTestId('banner-new'));
    const dialog = await screen.findByRole('dialog', { name: 'New banner' });
    const file = () => dialog.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(file(), jpeg('a.jpg'));
    expect((await within(dialog).findByTestId('banner-upload-failure')).textContent).toBe('Not allowed');
    expect(api.to('imageUploader')[0]?.input).toMatchObject({ folder: 'banner' });
    // An SVG picked anyway (the picker's filter is only a hint): refused before it is sent.
    fireEvent.change(file(), {
      target: { files: [new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' })] },
    });
    await waitFor(() =>
      expect(within(dialog).getByTestId('banner-upload-failure').textContent).toBe(
        'Something went wrong! Please make sure you upload the expected file type',
      ),
    );
    expect(api.to('imageUploader')).toHaveLength(1);
  });

  it('asks before it takes a banner off the home page, then sends it', async () => {
    const { api, user } = await admin('/admin/banners', {
      staffBanners: () => ({ records: [aBanner()], totalRecords: 1 }),
      deactivateBanner: () => null,
    });
    const [takeOff] = await screen.findAllByRole('button', {
      name: 'Take off: Spring auction',
    });
    await user.click(takeOff as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Take Spring auction off the home page?' });
    expect(api.to('deactivateBanner')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Take off' }));
    await waitFor(() => expect(api.to('deactivateBanner')[0]?.input).toEqual({ id: 'spring' }));
  });
});
