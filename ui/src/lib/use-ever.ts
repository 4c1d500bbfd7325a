import { useState } from 'react';

/**
 * Whether `condition` has held in any render so far. What loads on first use (a drawer, a dialog, the
 * toast container, the newsletter form) mounts then and stays mounted: it closes with its transition
 * and opens again at once.
 */
export function useEver(condition: boolean): boolean {
  const [ever, setEver] = useState(condition);
  if (condition && !ever) setEver(true);
  return ever || condition;
}
