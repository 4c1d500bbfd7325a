import { z } from 'zod';
import { action } from '../action.ts';
import { SellerStatement } from './statement.ts';

/**
 * Issue 33 "Sellers": the seller's settlement statement (seeds: `seller/user/invoice: invoice`), live
 * from the read models. The seller is the caller, from the session: the input names no one. Issue 38
 * §1: a vendor reads theirs too (the money side of selling: sales in their name, charges, payouts).
 */
export const sellerStatementActions = {
  sellerStatement: action({
    path: '/api/seller/user/invoice/invoice',
    side: 'query',
    auth: ['seller', 'vendor'],
    input: z.strictObject({}),
    output: SellerStatement,
  }),
} as const;

/**
 * The statement as a PDF and as CSV: GETs (links the browser downloads) with the session's bearer
 * token, the seller role checked as for `sellerStatement` before anything is read.
 */
export const sellerStatementPdfPath = '/api/seller/user/invoice/pdf';
export const sellerStatementCsvPath = '/api/seller/user/invoice/csv';
