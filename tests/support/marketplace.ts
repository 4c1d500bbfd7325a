import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CreateLotInput, Envelope } from '@wine/contracts';
import { type Embedded, startEmbedded } from '@wine/deploy/embedded';
import { loadConfig } from '@wine/platform';

export const ADMIN_KEY = 'test-admin-key-0123';

export interface TestMarketplace extends Embedded {
  dataDir: string;
  post<T = unknown>(
    path: string,
    body: unknown,
    headers?: Record<string, string>,
  ): Promise<{ http: number; body: Envelope<T> }>;
  /** Resolves when the read models have caught up to everything in the log ("caught up to" helper). */
  caughtUp(): Promise<void>;
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/** The embedded product on a random port with its own data folder. */
export async function startMarketplace(
  options: { seed?: boolean; ui?: boolean; dataDir?: string; natsUrl?: string; rateLimit?: number } = {},
) {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'wine-test-')));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_KEY,
    LOG_LEVEL: 'silent',
    SEED_DEMO: options.seed === false ? 'false' : 'true',
    NATS_URL: options.natsUrl,
  });
  const embedded = await startEmbedded({
    config,
    ...(options.ui ? {} : { uiDir: null }),
    ...(options.rateLimit !== undefined && { rateLimit: options.rateLimit }),
  });
  const market: TestMarketplace = {
    ...embedded,
    dataDir,
    async post(path, body, headers = {}) {
      const response = await fetch(`${embedded.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      return { http: response.status, body: (await response.json()) as Envelope<never> };
    },
    async caughtUp() {
      await embedded.runner.waitFor(await embedded.eventStore.headPosition());
    },
    async stop({ keepData = false } = {}) {
      await embedded.close();
      if (!keepData) await rm(dataDir, { recursive: true, force: true });
    },
  };
  return market;
}

let counter = 0;
/** A valid lot creation body with its own id; override what a test cares about. */
export function lotInput(overrides: Partial<CreateLotInput> = {}): CreateLotInput {
  counter += 1;
  return {
    id: `t-${process.pid}-${Date.now().toString(36)}-${counter}`,
    title: `2019 Test Estate Cabernet ${counter}`,
    producer: 'Test Estate',
    vintage: 2019,
    country: 'USA',
    region: 'California',
    subregion: 'Oakville',
    colour: 'Red',
    quantity: 3,
    auction: true,
    buyNow: false,
    openingBid: 25_000,
    closesAt: new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString(),
    ...overrides,
  };
}

export const admin = { 'x-admin-key': ADMIN_KEY };
