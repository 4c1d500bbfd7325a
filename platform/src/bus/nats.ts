/**
 * NATS JetStream adapter of the bus port.
 *
 * - One stream (default `MARKET` over `market.>`) holds the messages: at most 1 h / 100k messages,
 *   with a 2 min duplicate window for `Nats-Msg-Id` (publish option `msgId`). It is created or
 *   updated when the bus opens.
 * - `publish` answers the stream sequence; a duplicate within the window answers the original
 *   sequence with `duplicate: true` and is not stored again.
 * - `subscribe` uses an ordered consumer (ephemeral, flow-controlled, recreated by the client at the
 *   right sequence after a gap) filtered by the pattern. It always starts by sequence: `afterSeq + 1`,
 *   or, without `afterSeq`, the stream's last sequence + 1 read at subscribe time, so a message
 *   published after `subscribe` resolves is never missed (DeliverPolicy.New would depend on when the
 *   server creates the consumer). The server starts a consumer whose start sequence lies past the
 *   end of the stream at the next message, so messages up to `afterSeq` are skipped client-side.
 *   Each handler call is awaited before the next message.
 */
import {
  type ConsumerMessages,
  connect,
  DeliverPolicy,
  DiscardPolicy,
  type JetStreamManager,
  JSONCodec,
  nanos,
  RetentionPolicy,
  StorageType,
} from 'nats';
import type { Bus, BusMessage, BusSubscription, PublishOptions } from './port.ts';

export interface NatsBusOptions {
  stream?: string;
  subjects?: string[];
  /**
   * Copies of the stream on the cluster's servers (NATS_STREAM_REPLICAS): with one, publishing fails
   * while the server holding it is down; three on a three-node cluster (issue 13). Default 1.
   */
  replicas?: number;
  /** Called when a handler throws; delivery goes on with the next message. Default: console.error. */
  onHandlerError?: (error: unknown, message: BusMessage<unknown>) => void;
}

const HOUR_MS = 60 * 60 * 1000;

function isStreamNotFound(error: unknown): boolean {
  return error instanceof Error && /stream not found/i.test(error.message);
}

async function ensureStream(
  jsm: JetStreamManager,
  name: string,
  subjects: string[],
  replicas: number,
): Promise<void> {
  const limits = {
    subjects,
    num_replicas: replicas,
    max_age: nanos(HOUR_MS),
    max_msgs: 100_000,
    duplicate_window: nanos(2 * 60 * 1000),
    discard: DiscardPolicy.Old,
  };
  try {
    await jsm.streams.info(name);
  } catch (error) {
    if (!isStreamNotFound(error)) throw error;
    await jsm.streams.add({ name, retention: RetentionPolicy.Limits, storage: StorageType.File, ...limits });
    return;
  }
  await jsm.streams.update(name, limits);
}

export async function openNatsBus(url: string, options: NatsBusOptions = {}): Promise<Bus> {
  const stream = options.stream ?? 'MARKET';
  const subjects = options.subjects ?? ['market.>'];
  const onHandlerError =
    options.onHandlerError ??
    ((error: unknown, message: BusMessage<unknown>) =>
      console.error(`bus handler failed on ${message.subject} #${message.seq}`, error));
  const nc = await connect({ servers: url });
  const codec = JSONCodec();
  const open = new Set<BusSubscription>();
  let jsm: JetStreamManager;
  try {
    jsm = await nc.jetstreamManager();
    await ensureStream(jsm, stream, subjects, options.replicas ?? 1);
  } catch (error) {
    await nc.close();
    throw error;
  }
  const js = nc.jetstream();

  return {
    async publish<T>(subject: string, data: T, publishOptions?: PublishOptions) {
      const ack = await js.publish(
        subject,
        codec.encode(data ?? null),
        publishOptions?.msgId !== undefined ? { msgID: publishOptions.msgId } : undefined,
      );
      return { seq: ack.seq, duplicate: ack.duplicate };
    },

    async subscribe<T>(
      pattern: string,
      handler: (message: BusMessage<T>) => void | Promise<void>,
      subscribeOptions?: { afterSeq?: number },
    ): Promise<BusSubscription> {
      const afterSeq = subscribeOptions?.afterSeq ?? (await jsm.streams.info(stream)).state.last_seq;
      const consumer = await js.consumers.get(stream, {
        filterSubjects: pattern,
        deliver_policy: DeliverPolicy.StartSequence,
        opt_start_seq: afterSeq + 1,
      });
      const messages: ConsumerMessages = await consumer.consume();
      let closed = false;
      const loop = (async () => {
        for await (const m of messages) {
          if (closed) break;
          // The server clamps a start sequence past the end of the stream to last + 1.
          if (m.seq <= afterSeq) continue;
          const message: BusMessage<T> = { subject: m.subject, seq: m.seq, data: m.json<T>() };
          try {
            await handler(message);
          } catch (error) {
            onHandlerError(error, message);
          }
          if (closed) break;
        }
      })();
      const subscription: BusSubscription = {
        async close() {
          if (closed) return;
          closed = true;
          open.delete(subscription);
          await messages.close().catch(() => undefined);
          await consumer.delete().catch(() => false);
          void loop.catch(() => undefined);
        },
      };
      open.add(subscription);
      return subscription;
    },

    async close() {
      await Promise.all([...open].map((s) => s.close()));
      if (!nc.isClosed()) await nc.drain();
    },
  };
}
