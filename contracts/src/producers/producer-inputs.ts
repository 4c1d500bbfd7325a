import { z } from 'zod';

/** seeds 000 §9: the follow rating's default. */
export const DEFAULT_FOLLOW_RATING = 5;
/** A producer is followed by the name the lots carry (custitem_gvo_producer). */
export const ProducerName = z.string().trim().min(1).max(200);

/** seeds 000 §7 addFollower: follows (the producer), rating (1 to 5 stars, 5 by default). */
export const AddFollowerInput = z.strictObject({
  follows: ProducerName,
  rating: z.number().int().min(1).max(5).default(DEFAULT_FOLLOW_RATING),
});
export const RemoveFollowerInput = z.strictObject({ follows: ProducerName });

/** seeds 000 §3.2 Follower: follows (producer), rating. */
export const FollowerRecord = z.object({
  follows: z.string(),
  rating: z.number().int().min(1).max(5),
  followed_at: z.string(),
});
export type FollowerRecord = z.infer<typeof FollowerRecord>;

/** The /producers page (seeds 001 §2): how many of each producer's open lots it shows. */
export const MyProducersInput = z.strictObject({
  lots: z.number().int().min(1).max(12).default(4),
});

/** seeds 000 §7 increaseProductViewCount: id (the lot). */
export const ProductViewInput = z.strictObject({ id: z.string().min(1).max(64) });
