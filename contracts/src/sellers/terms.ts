import { z } from 'zod';

/**
 * A seller's terms of consignment (DOMAIN.md "Staff, sellers and the live room"; issue 33 "Sellers"):
 * the house's commission on the hammer (percent), a fee per lot sold (cents), and how many days after
 * the buyer paid the net is payable. Taken from configuration when an admin approves a listing, and
 * recorded on the lot's LotApproved, so a later change of configuration leaves past statements alone.
 */
export const SellerTerms = z.object({
  commissionPercent: z.number().min(0).max(100),
  lotFee: z.number().int().min(0).max(1_000_000),
  payoutDays: z.number().int().min(0).max(365),
});
export type SellerTerms = z.infer<typeof SellerTerms>;

/** The defaults configuration starts from: 10% commission, $5.00 a lot sold, paid 30 days after the buyer. */
export const defaultSellerTerms: SellerTerms = { commissionPercent: 10, lotFee: 500, payoutDays: 30 };
