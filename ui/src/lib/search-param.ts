import { z } from 'zod';

/**
 * A text search parameter. The router parses search values as JSON, so an all-digit value
 * (?searchQuery=2015, ?pid=123, a token) arrives as a number: it is read back as text, trimmed and
 * bounded; anything else is treated as absent.
 */
export const searchText = ({ min = 0, max }: { min?: number; max: number }) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().min(min).max(max))
    .optional()
    .catch(undefined);
