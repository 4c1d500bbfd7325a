import { z } from 'zod';

export const VerifyJobInput = z.strictObject({ jobId: z.string().min(1).max(64) });
