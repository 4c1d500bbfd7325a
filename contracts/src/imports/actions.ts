import { z } from 'zod';
import { action } from '../action.ts';
import { plainText } from '../text.ts';
import { ImportMapping } from './plan.ts';

/** An import's bounds: the file, the rows after the header, the columns. */
export const MAX_IMPORT_BYTES = 8 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 10_000;
export const MAX_IMPORT_COLUMNS = 100;

const ImportId = z.string().regex(/^[a-zA-Z0-9_-]{8,64}$/, 'not an import');
const isoDate = z.iso.datetime({ offset: true, message: 'must be an ISO date-time' });
const FileBytes = z.custom<Uint8Array>((v) => v instanceof Uint8Array, 'Upload a file in file_upload');

/** seeds 001 §7 uploadXLSXFile: the sheet (XLSX or CSV) and its name as the browser gave it. */
export const UploadSheetInput = z.strictObject({
  file_upload: FileBytes,
  file_name: plainText('File name').min(1).max(200),
});

const Counts = z.object({
  create: z.number(),
  update: z.number(),
  unchanged: z.number(),
  refused: z.number(),
});

/** An uploaded sheet: its columns, the mapping suggested (or the one applied), a few rows to show. */
export const ImportSummary = z.object({
  importId: z.string(),
  fileName: z.string(),
  headers: z.array(z.string()),
  rowCount: z.number(),
  mapping: ImportMapping,
  sample: z.array(z.array(z.string())),
  status: z.enum(['uploaded', 'applying', 'applied', 'reverted']),
  counts: Counts.nullable(),
  closesAt: z.string().nullable(),
});
export type ImportSummary = z.infer<typeof ImportSummary>;

/** What an apply is given: the mapping and default dates previewed, and the lots the preview found. */
export const ImportPlanInput = z.strictObject({
  importId: ImportId,
  mapping: ImportMapping,
  closesAt: isoDate,
  startsAt: isoDate.optional(),
  /**
   * Whose lot numbers the sheet's are: an auction's (numbers restart at 1 in each auction, so "lot 12"
   * names one lot only within one auction), or, when null, the lots in no auction.
   */
  auctionId: z.string().min(1).max(64).nullable().default(null),
});
export const ImportApplyInput = ImportPlanInput.extend({
  /** The lot each existing lot number names, as the preview found it (checked again on each lot). */
  targets: z.record(z.string().max(32), z.string().max(64)).default({}),
});

export const PreviewRow = z.object({
  row: z.number(),
  action: z.enum(['create', 'update', 'unchanged', 'refused']),
  lotNumber: z.string().nullable(),
  title: z.string(),
  lotId: z.string().nullable(),
  changed: z.array(z.string()),
  reason: z.string().nullable(),
});
export type PreviewRow = z.infer<typeof PreviewRow>;

/** A photo name of the seeds' import convention: the lot number, '-' or '_', the photo's place (1-1.jpg, 1_2.jpg). */
export const LOT_PHOTO_NAME = /^(.+?)[-_](\d{1,3})\.(?:jpe?g|png|webp|heic|heif|avif|tiff?)$/i;

/** The photos uploaded for an import's lots: each one's name as chosen and as stored (its hash). */
export const AttachImportPhotosInput = z.strictObject({
  importId: ImportId,
  photos: z
    .array(
      z.strictObject({
        name: plainText('Photo name').min(1).max(200),
        fileName: z.string().regex(/^[a-f0-9]{32}\.jpg$/),
      }),
    )
    .min(1)
    .max(2_000),
});

export const importActions = {
  uploadXLSXFile: action({
    path: '/api/product/uploadXLSXFile',
    side: 'command',
    auth: 'admin',
    input: UploadSheetInput,
    output: ImportSummary,
  }),
  importStatus: action({
    path: '/api/admin/product/import/status',
    side: 'query',
    auth: 'admin',
    input: z.strictObject({ importId: ImportId }),
    output: ImportSummary,
  }),
  importPreview: action({
    path: '/api/admin/product/import/preview',
    side: 'query',
    auth: 'admin',
    input: ImportPlanInput,
    output: z.object({
      rows: z.array(PreviewRow),
      counts: Counts,
      targets: z.record(z.string(), z.string()),
    }),
  }),
  importApply: action({
    path: '/api/admin/product/import/apply',
    side: 'command',
    auth: 'admin',
    input: ImportApplyInput,
    output: z.object({ counts: Counts }),
  }),
  attachImportPhotos: action({
    path: '/api/admin/product/import/photos',
    side: 'command',
    auth: 'admin',
    input: AttachImportPhotosInput,
    output: z.object({ attached: z.number(), lots: z.number(), unmatched: z.array(z.string()) }),
  }),
  importRevert: action({
    path: '/api/admin/product/import/revert',
    side: 'command',
    auth: 'admin',
    input: z.strictObject({ importId: ImportId }),
    output: z.object({ withdrawn: z.number(), restored: z.number() }),
  }),
} as const;
