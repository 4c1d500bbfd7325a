import { z } from 'zod';
import { action, NoInput } from '../action.ts';
import { LotView } from '../lots/lot-document.ts';
import {
  AddFollowerInput,
  FollowerRecord,
  MyProducersInput,
  ProductViewInput,
  RemoveFollowerInput,
} from './producer-inputs.ts';

/** A followed producer on /producers: the follow and the producer's open lots (the first few). */
export const FollowedProducer = FollowerRecord.extend({
  lots: z.array(LotView),
  open_lots: z.number().int().min(0),
});
export type FollowedProducer = z.infer<typeof FollowedProducer>;

/** Following producers (seeds 000 §2.7, §3.2, §4.7, §7; /producers: seeds 000 §2.3, 001 §2). */
export const producerActions = {
  addFollower: action({
    path: '/api/user/addFollower',
    side: 'command',
    auth: 'user',
    input: AddFollowerInput,
    output: z.object({ follows: z.string(), rating: z.number().int() }),
  }),
  removeFollower: action({
    path: '/api/user/removeFollower',
    side: 'command',
    auth: 'user',
    input: RemoveFollowerInput,
    output: z.object({ follows: z.string() }),
  }),
  getFollowers: action({
    path: '/api/user/getFollowers',
    side: 'query',
    auth: 'user',
    input: NoInput,
    output: z.object({ records: z.array(FollowerRecord), totalRecords: z.number() }),
  }),
  myProducers: action({
    path: '/api/user/myProducers',
    side: 'query',
    auth: 'user',
    input: MyProducersInput,
    output: z.object({ records: z.array(FollowedProducer), totalRecords: z.number() }),
  }),
  /** Counted at most once per viewer, lot and hour (`counted` says whether this one was). */
  increaseProductViewCount: action({
    path: '/api/product/increaseProductViewCount',
    side: 'command',
    auth: 'viewer',
    input: ProductViewInput,
    output: z.object({ counted: z.boolean() }),
  }),
} as const;
