import { lazy, Suspense } from 'react';
import { useEver } from '../../lib/use-ever.ts';
import type { LotDrawerProps } from './LotDrawer.tsx';

const LotDrawer = lazy(() => import('./LotDrawer.tsx').then((module) => ({ default: module.LotDrawer })));

/**
 * The quick view of a listing (seeds 000 §2.7, the product detail in a drawer): its code (the whole
 * product detail, with the bid and buy-now forms) loads when a lot is first opened, not with the
 * listing (issue 11: the browse page's first load). Once opened it stays mounted, so it closes with
 * its transition and opens again at once.
 */
export function QuickView({ lotId, onClose }: LotDrawerProps) {
  if (!useEver(lotId !== null)) return null;
  return (
    <Suspense fallback={null}>
      <LotDrawer lotId={lotId} onClose={onClose} />
    </Suspense>
  );
}
