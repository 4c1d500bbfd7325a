import { z } from 'zod';
import { action } from '../action.ts';
import { SearchFilter } from '../search-filter.ts';
import { LotPage, LotView } from './lot-document.ts';
import {
  CreateLotInput,
  LotIdInput,
  RelistLotInput,
  SimilarProductsInput,
  UpdateLotInput,
  WithdrawLotInput,
} from './lot-inputs.ts';

const Created = z.object({ id: z.string(), position: z.string() });
const Updated = z.object({ id: z.string(), changed: z.array(z.string()) });
const Withdrawn = z.object({ id: z.string() });

/** The catalogue: browsing lots, and the admin's and the sellers' listing (seeds 000 §7, 001 §6). */
export const lotActions = {
  productSearch: action({
    path: '/api/product/search',
    side: 'query',
    auth: 'viewer',
    input: SearchFilter,
    output: LotPage,
  }),
  productLot: action({
    path: '/api/product/lot',
    side: 'query',
    auth: 'viewer',
    input: LotIdInput,
    output: LotView,
  }),
  similarProducts: action({
    path: '/api/product/getAllSimilarProducts',
    side: 'query',
    auth: 'viewer',
    input: SimilarProductsInput,
    output: LotPage,
  }),
  createLot: action({
    path: '/api/admin/product/create',
    side: 'command',
    auth: 'admin',
    input: CreateLotInput,
    output: Created,
  }),
  updateLot: action({
    path: '/api/admin/product/update',
    side: 'command',
    auth: 'admin',
    input: UpdateLotInput,
    output: Updated,
  }),
  withdrawLot: action({
    path: '/api/admin/product/withdraw',
    side: 'command',
    auth: 'admin',
    input: WithdrawLotInput,
    output: Withdrawn,
  }),
  relistLot: action({
    path: '/api/admin/product/relist',
    side: 'command',
    auth: 'admin',
    input: RelistLotInput,
    output: Created,
  }),
  // seeds 001 §6: seller calls use the /api/seller/ prefix; a seller manages their own lots only.
  sellerCreateLot: action({
    path: '/api/seller/product/create',
    side: 'command',
    auth: 'seller',
    input: CreateLotInput,
    output: Created,
  }),
  sellerUpdateLot: action({
    path: '/api/seller/product/update',
    side: 'command',
    auth: 'seller',
    input: UpdateLotInput,
    output: Updated,
  }),
  sellerWithdrawLot: action({
    path: '/api/seller/product/withdraw',
    side: 'command',
    auth: 'seller',
    input: WithdrawLotInput,
    output: Withdrawn,
  }),
} as const;
