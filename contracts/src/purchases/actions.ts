import { z } from 'zod';
import { action } from '../action.ts';
import { LotPage } from '../lots/lot-document.ts';
import { purchaseTypes } from './types.ts';

export const MyPurchasesInput = z.strictObject({
  type: z.enum(purchaseTypes).default('all'),
  page: z.number().int().min(1).max(10_000).default(1),
  limit: z.number().int().min(1).max(100).default(25),
});

export const purchaseActions = {
  /**
   * The buyer's purchased lots as the listing shows lots (LotPage, kept live like My Bids): each lot
   * once, latest invoice first, from their invoices that stand (a voided order's lots are not bought).
   */
  myPurchases: action({
    path: '/api/user/purchases',
    side: 'query',
    auth: 'user',
    input: MyPurchasesInput,
    output: LotPage,
  }),
} as const;
