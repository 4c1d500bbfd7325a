import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { loadMoreTexts } from '../../i18n/index.ts';
import { renderWithApi } from '../../test-utils/component.tsx';
import { Failure, type Handlers } from '../../test-utils/fake-api.ts';
import { aUser } from '../../test-utils/fixtures.ts';
import { canZoomIn, canZoomOut, initialCrop, zoomed } from './CropDialog.tsx';
import { LotPhotos, type Photo } from './LotPhotos.tsx';

const hash = (c: string) => `${c.repeat(32)}.jpg`;

/** The editor's hold on the photos: what LotPhotos hands back is what it shows next. */
function Holder({ initial }: { initial: Photo[] }) {
  const [photos, setPhotos] = useState(initial);
  return (
    <>
      <LotPhotos value={photos} onChange={setPhotos} />
      <output data-testid="order">{photos.map((p) => p.fileName).join(',')}</output>
    </>
  );
}

async function renderPhotos(initial: Photo[], api: Handlers = {}) {
  await loadMoreTexts();
  return renderWithApi(<Holder initial={initial} />, { api, signedInAs: aUser({ roles: ['admin'] }) });
}

const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });
const order = () => screen.getByTestId('order').textContent;

describe('LotPhotos (issue 33)', () => {
  it('uploads several photos at once with the seeds’ fields, and adds them in order', async () => {
    const { api, user } = await renderPhotos([], {
      multipleImageUploader: () => ({
        files: [
          { file_name: hash('a'), width: 800, height: 1200 },
          { file_name: hash('b'), width: 1200, height: 800 },
        ],
      }),
    });
    expect(screen.getByTestId('no-photos')).toBeTruthy();
    const input = screen.getByTestId('lot-photos').querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, [jpeg('front.jpg'), jpeg('back.jpg')]);
    await waitFor(() => expect(order()).toBe(`${hash('a')},${hash('b')}`));
    expect(api.to('multipleImageUploader')[0]?.input).toEqual({
      folder: 'product',
      isCompress: '1',
      quality: '80',
      resultWidth: '500',
      resultHeight: '500',
      file_upload: [
        { name: 'front.jpg', type: 'image/jpeg', size: 3 },
        { name: 'back.jpg', type: 'image/jpeg', size: 3 },
      ],
    });
    expect(screen.getAllByTestId('lot-photo')[0]?.textContent).toContain('front.jpg');
    expect(screen.getByTestId('primary-photo')).toBeTruthy();
  });

  it('refuses an SVG before sending it, and says what the server refused (403 removes the file)', async () => {
    const { api, user } = await renderPhotos([], {
      multipleImageUploader: () => {
        throw new Failure('Not allowed', 403, null, 'ROLE_REQUIRED');
      },
    });
    const input = screen.getByTestId('lot-photos').querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect((await screen.findByTestId('photo-failure')).textContent).toBe(
      'Something went wrong! Please make sure you upload the expected file type',
    );
    expect(api.to('multipleImageUploader')).toHaveLength(0);
    await user.upload(input, jpeg('a.jpg'));
    await waitFor(() => expect(screen.getByTestId('photo-failure').textContent).toBe('Not allowed'));
    expect(order()).toBe('');
  });

  it('makes a photo the primary, and removes one', async () => {
    const { user } = await renderPhotos([
      { type: 1, fileName: hash('a') },
      { type: 1, fileName: hash('b') },
      { type: 1, fileName: hash('c') },
    ]);
    const third = screen.getAllByTestId('lot-photo')[2] as HTMLElement;
    await user.click(within(third).getByRole('button', { name: 'Make primary' }));
    expect(order()).toBe(`${hash('c')},${hash('a')},${hash('b')}`);
    await user.click(screen.getByRole('button', { name: 'Remove Photo 2' }));
    expect(order()).toBe(`${hash('c')},${hash('b')}`);
  });

  it('asks for a caption’s filename, title and description, each with the seeds’ words', async () => {
    const { user } = await renderPhotos([{ type: 1, fileName: hash('a') }]);
    await user.click(screen.getByRole('button', { name: 'Caption' }));
    const dialog = await screen.findByRole('dialog', { name: 'Caption' });
    await user.click(within(dialog).getByRole('button', { name: 'Save caption' }));
    for (const text of ['Enter Filename', 'Enter Title', 'Enter Description']) {
      expect(await within(dialog).findByText(text)).toBeTruthy();
    }
    await user.type(within(dialog).getByRole('textbox', { name: /Filename/ }), 'front.jpg');
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Front label');
    await user.type(within(dialog).getByRole('textbox', { name: /Description/ }), 'Clean, upright');
    await user.click(within(dialog).getByRole('button', { name: 'Save caption' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('lot-photo').textContent).toContain('Front label');
  });

  it('adds a photo by its http or https link, to be fetched when the lot is saved', async () => {
    const { user } = await renderPhotos([{ type: 1, fileName: hash('a') }]);
    const link = screen.getByRole('textbox', { name: /Photo link/ });
    await user.type(link, 'ftp://example.com/a.jpg');
    expect(screen.getByTestId('add-photo-link').matches(':disabled')).toBe(true);
    await user.clear(link);
    await user.type(link, 'https://example.com/latour.jpg');
    await user.click(screen.getByTestId('add-photo-link'));
    expect(order()).toBe(`${hash('a')},https://example.com/latour.jpg`);
  });

  it('offers the crop for uploaded photos only (a demo picture has no kept original)', async () => {
    await renderPhotos([
      { type: 1, fileName: 'bottle-red.svg' },
      { type: 1, fileName: hash('a') },
    ]);
    const [demo, uploaded] = screen.getAllByTestId('lot-photo') as HTMLElement[];
    expect(within(demo as HTMLElement).queryByRole('button', { name: 'Crop' })).toBeNull();
    expect(within(uploaded as HTMLElement).getByRole('button', { name: 'Crop' })).toBeTruthy();
  });
});

describe('the crop’s bounds (seeds 001 §9)', () => {
  it('zooms from 1 to 4 in 0.5 steps: in is disabled above 3, out at 1 or below', () => {
    expect([zoomed(1, 1), zoomed(3.5, 1), zoomed(4, 1), zoomed(1, -1)]).toEqual([1.5, 4, 4, 1]);
    expect([canZoomIn(3), canZoomIn(3.5), canZoomOut(1), canZoomOut(1.5)]).toEqual([
      true,
      false,
      false,
      true,
    ]);
  });

  it('opens 90% wide at 16:9, centred', () => {
    const crop = initialCrop(1600, 1200, 16 / 9);
    expect(crop.unit).toBe('%');
    expect(crop.width).toBeCloseTo(90);
    expect(crop.x).toBeCloseTo(5);
    // 90% of 1600 is 1440 wide, so 810 high: 67.5% of 1200, centred.
    expect(crop.height).toBeCloseTo(67.5);
    expect(crop.y).toBeCloseTo(16.25);
  });
});
