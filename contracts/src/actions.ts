import { z } from 'zod';
import type { LotView } from './lot-document.ts';
import { CreateLotInput, LotIdInput } from './lots.ts';
import { SearchFilter } from './search-filter.ts';

export type Side = 'command' | 'query';
export type Auth = 'public' | 'user' | 'admin';

export interface Action<Input extends z.ZodType = z.ZodType, Output = unknown> {
  path: `/api/${string}`;
  side: Side;
  auth: Auth;
  input: Input;
  /** Type only: what responseData holds on success. */
  output?: Output;
}

const action = <Input extends z.ZodType, Output>(a: Action<Input, Output>) => a;
const out = <T>() => undefined as T | undefined;

/** Every HTTP action of the product, declared once (ARCHITECTURE.md "API shape"). */
export const actions = {
  productSearch: action({
    path: '/api/product/search',
    side: 'query',
    auth: 'public',
    input: SearchFilter,
    output: out<{ records: LotView[]; totalRecords: number }>(),
  }),
  productLot: action({
    path: '/api/product/lot',
    side: 'query',
    auth: 'public',
    input: LotIdInput,
    output: out<LotView>(),
  }),
  getDefault: action({
    path: '/api/common/getDefault',
    side: 'query',
    auth: 'public',
    input: z.strictObject({}),
    output: out<DefaultBundle>(),
  }),
  createLot: action({
    path: '/api/admin/product/create',
    side: 'command',
    auth: 'admin',
    input: CreateLotInput,
    output: out<{ id: string; position: string }>(),
  }),
} as const;

export type Actions = typeof actions;
export type ActionName = keyof Actions;
export type InputOf<N extends ActionName> = z.input<Actions[N]['input']>;
export type OutputOf<N extends ActionName> = NonNullable<Actions[N]['output']>;

/** seeds 000 §3.2 "Default data bundle": the parts the storefront uses so far. */
export interface DefaultBundle {
  buyer_premium: number;
  countries: { value: string; count: number }[];
  regions: { country: string; value: string; count: number }[];
  subregions: { country: string; region: string; value: string; count: number }[];
  wine_colors: string[];
  vintages: number[];
  bottle_sizes: string[];
}
