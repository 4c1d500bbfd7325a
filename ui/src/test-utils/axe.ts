import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * Runs axe-core on rendered markup and fails with the rule ids found. jsdom does no layout, so
 * colour contrast cannot be measured here; components render outside a page, so landmark rules
 * that need a whole page are off too.
 */
export async function expectNoAxeViolations(container: Element): Promise<void> {
  const results = await axe.run(container, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  expect(
    results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`),
  ).toEqual([]);
}
