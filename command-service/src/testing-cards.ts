import { type CardNetwork, cardNetworkFromEnv, openCardNetwork } from '@wine/platform/testing';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { checkLedger } from './payments/ledger-check.ts';
import { openTestCommandService, type TestCommandService } from './testing.ts';

export interface OnCardNetwork {
  network: CardNetwork;
  service: TestCommandService;
}

/**
 * A spec file's command service on the card network of CARD_NETWORK (the sandbox, or a card adapter
 * against its vendor's local double): opened before the file's tests and handed to `use`, with its
 * process managers running unless `processes` is false; after each test, with `ledger`, the payment
 * ledger and the invoices must agree; closed after the file.
 */
export function onCardNetwork(
  use: (opened: OnCardNetwork) => void,
  options: { processes?: boolean; ledger?: boolean } = {},
) {
  const processes = options.processes ?? true;
  let opened: OnCardNetwork | null = null;
  beforeAll(async () => {
    const network = await openCardNetwork(cardNetworkFromEnv());
    const service = await openTestCommandService({ network });
    if (processes) await service.service.scheduler.start();
    opened = { network, service };
    use(opened);
  });
  if (options.ledger) {
    afterEach(async () => {
      if (!opened) return;
      expect((await checkLedger(opened.service.service.streams.store)).disagreements).toEqual([]);
    });
  }
  afterAll(async () => {
    if (!opened) return;
    if (processes) await opened.service.service.scheduler.stop();
    await opened.service.close();
    await opened.network.close();
  });
}
