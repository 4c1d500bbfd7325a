import { z } from 'zod';
import { action } from '../action.ts';
import { RecordTrackingInput } from './inputs.ts';

/** Issue 31: the staff who handle invoices (finance, an admin) enter a delivery's tracking number. */
export const shippingStaffActions = {
  recordTracking: action({
    path: '/api/admin/invoice/tracking',
    side: 'command',
    auth: ['finance', 'admin'],
    input: RecordTrackingInput,
    output: z.object({ recorded: z.boolean() }),
  }),
} as const;
