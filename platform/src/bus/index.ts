import { createInProcessBus } from './in-process.ts';
import { openNatsBus } from './nats.ts';
import type { Bus } from './port.ts';

export { createInProcessBus, type InProcessBusOptions } from './in-process.ts';
export { type NatsBusOptions, openNatsBus } from './nats.ts';
export * from './port.ts';

/** No NATS_URL: the in-process bus (ARCHITECTURE.md, "Rules that keep it simple"). */
export async function openBus(config: { NATS_URL?: string; NATS_STREAM_REPLICAS?: number }): Promise<Bus> {
  if (config.NATS_URL) return openNatsBus(config.NATS_URL, { replicas: config.NATS_STREAM_REPLICAS ?? 1 });
  return createInProcessBus();
}
