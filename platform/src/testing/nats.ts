import { connect } from 'nats';

export const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

/** Whether a NATS server answers at `url` within 2 s. */
export async function natsReachable(url = natsUrl): Promise<boolean> {
  try {
    const nc = await connect({ servers: url, timeout: 2000, reconnect: false });
    await nc.close();
    return true;
  } catch {
    return false;
  }
}
