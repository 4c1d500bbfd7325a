import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The browser files measured slowest (a fresh-clone run on two cores, 2026-11-30), slowest first: the
 * storefront walk at 1366 px (107 s), the providers' screens (106 s), investing (85 s), the walk at
 * 390 px (82 s), the staff settings (70 s), offers (62 s), then five of 40 to 50 s. On a fresh clone
 * Vitest has no timings cached and starts the largest files first; the walks' files are small (their
 * routes are in tests/support), so they started last and the browser group ran 756 s where its 1,226 s
 * of files two at a time need 613 s (2026-11-29). Longest first, two at a time, the last file to start is
 * one of the short ones.
 */
const slowest = [
  'tests/storefront-routes.e2e.spec.ts',
  'tests/providers-screens.e2e.spec.ts',
  'tests/investing.e2e.spec.ts',
  'tests/storefront-routes-phone.e2e.spec.ts',
  'tests/staff-settings.e2e.spec.ts',
  'tests/offers.e2e.spec.ts',
  'tests/staff-content.e2e.spec.ts',
  'tests/staff-lots.e2e.spec.ts',
  'tests/first-paint.e2e.spec.ts',
  'tests/money.e2e.spec.ts',
  'tests/staff-enquiries.e2e.spec.ts',
];

const rank = (spec: TestSpecification) => {
  const index = slowest.findIndex((path) => spec.moduleId.endsWith(path));
  return index === -1 ? slowest.length : index;
};

/** Vitest's order (groups, then cached timings or size), with the slowest known files first in their group. */
export class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const order = new Map(sorted.map((spec, index) => [spec, index]));
    const group = (spec: TestSpecification) => spec.project.config.sequence.groupOrder;
    return [...sorted].sort(
      (a, b) => group(a) - group(b) || rank(a) - rank(b) || (order.get(a) ?? 0) - (order.get(b) ?? 0),
    );
  }
}
