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

const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });

describe('/admin/pages: the staff list of pages', () => {
  it('lists each page, published or not, each linked to its editor, and passes axe', async () => {
    await admin('/admin/pages', {
      staffPages: () => ({
        records: [
          aRow(),
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
    const faq = within(rows[1] as HTMLElement);
    expect(faq.getByRole('link', { name: 'Untitled: faq' }).getAttribute('href')).toBe('/admin/pages/faq');
    expect(faq.getByTestId('page-status').textContent).toBe('Not published');
    expect(faq.getByText('Never')).toBeTruthy();
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
          ...input,
          content: String(input.content),
          meta_description: input.meta_description ?? '',
          file_path: null,
          updated_at: '2026-11-29T12:00:00.000Z',
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
