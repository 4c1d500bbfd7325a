import { screen, waitFor, within } from '@testing-library/react';
import type { ImportSummary } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test-utils/app.tsx';
import { aUser } from '../../test-utils/fixtures.ts';

type Api = NonNullable<Parameters<typeof renderApp>[1]>['api'];

const summary = (over: Partial<ImportSummary> = {}): ImportSummary => ({
  importId: 'imp-00000001',
  fileName: 'autumn.xlsx',
  headers: ['Lot', 'Name', 'Notes'],
  rowCount: 3,
  mapping: ['lotNumber', 'title', null],
  sample: [['1', 'Latour 2010', 'bin soiled']],
  status: 'uploaded',
  counts: null,
  closesAt: null,
  ...over,
});

const admin = (path: string, api: Api = {}) =>
  renderApp(path, {
    storedToken: 'tok-1',
    api: { validateUser: () => aUser({ roles: ['admin'], isAdmin: true }), ...api },
  });

const preview = {
  rows: [
    {
      row: 2,
      action: 'update' as const,
      lotNumber: '1',
      title: 'Latour',
      lotId: 'l-1',
      changed: ['title'],
      reason: null,
    },
    {
      row: 3,
      action: 'create' as const,
      lotNumber: '2',
      title: 'Margaux',
      lotId: null,
      changed: [],
      reason: null,
    },
    {
      row: 4,
      action: 'refused' as const,
      lotNumber: '3',
      title: '',
      lotId: null,
      changed: [],
      reason: 'title: Required!',
    },
  ],
  counts: { create: 1, update: 1, unchanged: 0, refused: 1 },
  targets: { '1': 'l-1' },
};

describe('/admin/lots/import (issue 33)', () => {
  it('uploads a sheet as a form with its name, then shows its columns with the mapping suggested', async () => {
    const { api, user, router } = await admin('/admin/lots/import', {
      uploadXLSXFile: () => summary(),
      importStatus: () => summary(),
    });
    const input = (await screen.findByTestId('choose-sheet')).parentElement?.querySelector(
      'input[type=file]',
    );
    await user.upload(input as HTMLInputElement, new File(['x'], 'autumn.xlsx'));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ id: 'imp-00000001' }));
    expect(api.to('uploadXLSXFile')[0]?.input).toMatchObject({
      file_name: 'autumn.xlsx',
      file_upload: { name: 'autumn.xlsx' },
    });
    expect((await screen.findByTestId('import-file')).textContent).toBe('autumn.xlsx: 3 rows');
    expect(screen.getAllByTestId('import-column')).toHaveLength(3);
  });

  it('previews with the mapping as changed, shows each row’s reason, and applies once with the targets', async () => {
    const { api, user } = await admin('/admin/lots/import?id=imp-00000001', {
      importStatus: () => summary(),
      importPreview: () => preview,
      importApply: () => ({ counts: preview.counts }),
    });
    await user.click(await screen.findByRole('combobox', { name: 'Lot field: Notes' }));
    await user.click(await screen.findByRole('option', { name: 'Condition notes' }));
    await user.click(screen.getByTestId('preview-import'));
    expect((await screen.findByTestId('import-counts')).textContent).toBe(
      '1 to create, 1 to update, 0 unchanged, 1 refused',
    );
    expect(api.to('importPreview')[0]?.input).toMatchObject({
      importId: 'imp-00000001',
      mapping: ['lotNumber', 'title', 'conditionNotes'],
    });
    const refused = screen
      .getAllByTestId('import-row')
      .find((r) => r.dataset.action === 'refused') as HTMLElement;
    expect(within(refused).getByText('title: Required!')).toBeTruthy();
    await user.click(screen.getByTestId('apply-import'));
    await user.click(await screen.findByTestId('confirm-apply'));
    await waitFor(() => expect(api.to('importApply')).toHaveLength(1));
    expect(api.to('importApply')[0]?.input).toMatchObject({
      targets: { '1': 'l-1' },
      mapping: ['lotNumber', 'title', 'conditionNotes'],
    });
    expect((await screen.findByTestId('import-result')).textContent).toContain(
      'Applied: 1 created, 1 updated',
    );
  });

  it('shows an applied import without its mapping to change, and reverts it', async () => {
    const { api, user } = await admin('/admin/lots/import?id=imp-00000001', {
      importStatus: () =>
        summary({ status: 'applied', counts: preview.counts, closesAt: '2030-01-10T18:00:00.000Z' }),
      importRevert: () => ({ withdrawn: 1, restored: 1 }),
    });
    expect((await screen.findByTestId('import-status')).textContent).toBe('Applied');
    expect(screen.queryByTestId('preview-import')).toBeNull();
    await user.click(screen.getByTestId('revert-import'));
    await user.click(await screen.findByTestId('confirm-revert'));
    await waitFor(() => expect(api.to('importRevert')[0]?.input).toEqual({ importId: 'imp-00000001' }));
    expect((await screen.findByTestId('import-result')).textContent).toContain(
      'Reverted: 1 lots withdrawn, 1 set back.',
    );
  });

  it('uploads photos named after lot numbers after the apply, and says which found no lot', async () => {
    const { api, user } = await admin('/admin/lots/import?id=imp-00000001', {
      importStatus: () => summary({ status: 'applied', counts: preview.counts }),
      multipleImageUploader: () => ({
        files: [
          { file_name: `${'a'.repeat(32)}.jpg`, width: 1, height: 1 },
          { file_name: `${'b'.repeat(32)}.jpg`, width: 1, height: 1 },
        ],
      }),
      attachImportPhotos: () => ({ attached: 1, lots: 1, unmatched: ['label.jpg'] }),
    });
    const button = await screen.findByTestId('import-photos-button');
    const input = button.parentElement?.querySelector('input[type=file]') as HTMLInputElement;
    const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8])], name, { type: 'image/jpeg' });
    await user.upload(input, [jpeg('1-1.jpg'), jpeg('label.jpg')]);
    expect((await screen.findByTestId('import-photos-result')).textContent).toBe(
      '1 photos attached to 1 lots. No lot of this import for: label.jpg.',
    );
    expect(api.to('attachImportPhotos')[0]?.input).toEqual({
      importId: 'imp-00000001',
      photos: [
        { name: '1-1.jpg', fileName: `${'a'.repeat(32)}.jpg` },
        { name: 'label.jpg', fileName: `${'b'.repeat(32)}.jpg` },
      ],
    });
  });
});
