import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { SlowFirst } from './tests/support/slow-first.ts';

/**
 * Integration files run isolated: those that replace a module with vi.mock (a shared module graph would
 * keep the mock for the rest), and those that rebuild read models blue/green (in one shared run the
 * bidding file's rebuild found its live bids model empty after the others had run beside it).
 */
const mockingFiles = [
  'command-service/src/users/session/login-attempts.int.spec.ts',
  'projection-service/src/search/memory-suggest.int.spec.ts',
  'projection-service/src/ops/ops.int.spec.ts',
  'tests/ops-rebuild.int.spec.ts',
  'tests/accounts-profile.int.spec.ts',
  'tests/api.int.spec.ts',
  'tests/bidding.int.spec.ts',
];

/**
 * Issue 35: the money suite (every API test that moves money) runs again on the Stripe adapter and on
 * the CyberSource adapter, each against a local double of its vendor; the same files run on the
 * sandbox in `int`.
 */
const moneyFiles = [
  'command-service/src/checkout/money-integrity.int.spec.ts',
  'command-service/src/checkout/card-holds.int.spec.ts',
  'command-service/src/checkout/hold-release.int.spec.ts',
  'command-service/src/checkout/routes.int.spec.ts',
  'command-service/src/checkout/offline.int.spec.ts',
  'command-service/src/invoices/issuing.int.spec.ts',
  'command-service/src/lots/sold-once.int.spec.ts',
  'command-service/src/offers/routes.int.spec.ts',
  'command-service/src/returns/routes.int.spec.ts',
  'command-service/src/shipping/routes.int.spec.ts',
  'command-service/src/users/cards/routes.int.spec.ts',
  'command-service/src/wallets/deposits.int.spec.ts',
  'tests/settings.int.spec.ts',
  'tests/staff-deposits.int.spec.ts',
  'tests/no-card-numbers.int.spec.ts',
  'tests/pending-payments.int.spec.ts',
];

// STYLE.md: the file name sets the level. unit = pure; int = a real store or server; e2e = the running product.
export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one on a two-core machine, where much of a
    // file's time is waiting on fsync, a browser or a child process. Two at least (the files before the
    // browser tests took 20 minutes one at a time on such a machine, 12.5 two at a time).
    maxWorkers: Math.max(2, availableParallelism()),
    // The slowest browser files first in their group (tests/support/slow-first.ts).
    sequence: { sequencer: SlowFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['**/src/**/*.unit.spec.ts', 'tests/**/*.unit.spec.ts', 'deploy/**/*.unit.spec.ts'],
          exclude: ['**/node_modules/**', '**/.stryker-tmp/**', 'ui/**'],
          environment: 'node',
          // Pure files share one module graph per worker: 14 s instead of 57 (each file imported zod,
          // the contracts and the deciders again when isolated).
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      'ui/vitest.config.ts',
      {
        test: {
          name: 'int',
          include: ['**/src/**/*.int.spec.ts', 'tests/**/*.int.spec.ts'],
          exclude: ['**/node_modules/**', '**/.stryker-tmp/**', ...mockingFiles],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One module graph per worker, as the unit files: each file imported the whole product again
          // when isolated (496 s of imports in a 1,240 s run; the int files took 310 s, 129 s shared).
          // Every file starts its own product on its own data folder and port; the files that replace a
          // module (vi.mock) run isolated below.
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'int-isolated',
          include: mockingFiles,
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          sequence: { groupOrder: 0 },
        },
      },
      // The money suite again on each real card adapter, each against its vendor's local double.
      ...(['stripe', 'cybersource', 'versapay'] as const).map((network) => ({
        test: {
          name: `money-${network}`,
          include: moneyFiles,
          environment: 'node' as const,
          env: { CARD_NETWORK: network },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      })),
      // Issue 35: paying in the browser again on each real card adapter (behind its vendor's double):
      // the card typed in the form tokenised by Stripe's API, CyberSource's Flex or Versapay's session,
      // the issuer's page.
      ...(['stripe', 'cybersource', 'versapay'] as const).map((network) => ({
        test: {
          name: `e2e-${network}`,
          include: ['tests/money.e2e.spec.ts'],
          environment: 'node' as const,
          env: { CARD_NETWORK: network },
          testTimeout: 90_000,
          hookTimeout: 120_000,
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      })),
      {
        test: {
          name: 'e2e',
          include: ['tests/**/*.e2e.spec.ts'],
          exclude: ['**/node_modules/**', '**/.stryker-tmp/**'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // Browser files run after the others (group 1), two at a time: a browser file waits on pages,
          // not the CPU (0.7 of a core alone). The storefront walk is one file per width so the two widths
          // walk side by side.
          sequence: { groupOrder: 1 },
          // One module graph per worker, as the int files: each browser file imported the whole product
          // again when isolated (244 s of imports in the group's 763 s, 2026-11-30). Every file starts its
          // own marketplace on its own data folder and port, and replaces no module.
          isolate: false,
        },
      },
    ],
  },
});
