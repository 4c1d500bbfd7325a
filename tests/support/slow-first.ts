import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files measured slowest (a fresh-clone run on two cores, 2026-11-29), slowest first: the two
 * storefront walks (306 s and 257 s), then the staff lots' browser file (121 s) and the first paint
 * (87 s). On a fresh clone Vitest has no timings cached and starts the largest files first; the walks'
 * files are small (their routes are in tests/support), so they started last and the browser group ran
 * 756 s where its 1,226 s of files two at a time need 613 s.
 */
const slowest = [
  'tests/storefront-routes.e2e.spec.ts',
  'tests/storefront-routes-phone.e2e.spec.ts',
  'tests/staff-lots.e2e.spec.ts',
  'tests/first-paint.e2e.spec.ts',
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
