import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { t } from '@wine/contracts';
import {
  type AuditEvent,
  auditAnchorsStream,
  type LogAnchor,
  LogAnchor as LogAnchorSchema,
  type Position,
  padPosition,
  START,
} from '@wine/event-schemas';
import { LOG_CHAIN_START, nextLogHash } from '@wine/event-schemas/hash-chain';
import type { Clock, Logger, Mailer, Subscription } from '@wine/platform';
import type { Streams } from '../core/command-handler.ts';
import type { Decider } from '../core/decider.ts';
import type { LogFollower } from '../core/follow-log.ts';
import type { AnchorKeys } from './anchor-key.ts';
import { checkAnchorSignature, type LogHead, sameAnchor, signAnchor } from './anchor-signature.ts';

export interface AnchorSettings {
  keys: AnchorKeys;
  /** Seconds between two anchors. */
  intervalSeconds: number;
  /** The auditors' address; none, no mail. */
  auditorEmail?: string | undefined;
  /**
   * A file outside the log (DATA_DIR/audit-last-anchor.json) holding the last anchor written: what the
   * key has signed of this log, so `verify` fails on a log whose anchors were deleted (verify-log.ts).
   */
  witnessFile?: string | undefined;
  /** Milliseconds between money moving and its anchor (the anchors of a burst are one). */
  moneyDelayMs?: number;
}

/**
 * The events that move money (a payment, a refund, a wallet's or a deposit's entry, a gift card):
 * the head is anchored within a second of one, not at the next interval (issue 30), so a money
 * event cannot be rewritten undetected for up to an interval.
 */
export const MONEY_EVENTS: ReadonlySet<string> = new Set([
  'PaymentRecorded',
  'PaymentRefunded',
  'WalletCredited',
  'WalletDebited',
  'DepositHeld',
  'DepositApplied',
  'DepositReleased',
  'GiftCardIssued',
  'GiftCardRedeemed',
  'ReturnAccepted',
  'ReturnRefundStarted',
]);

/** The last anchor a witness file holds; null when there is none (or it is not one). */
export function readAnchorWitness(file: string): LogAnchor | null {
  if (!existsSync(file)) return null;
  try {
    const parsed = LogAnchorSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Writes the witness (a temporary file renamed over it, 0600: DATA_DIR's files are the server's). */
function writeAnchorWitness(file: string, anchor: LogAnchor): void {
  writeFileSync(`${file}.tmp`, `${JSON.stringify(anchor)}\n`, { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
}

export interface AnchorProcessDeps extends AnchorSettings {
  streams: Streams;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
  /** How often the clock is looked at (it may jump, so the timer is not trusted alone). */
  tickMs?: number;
}

export interface AnchorProcess extends LogFollower {
  /** Signs the head now unless it has not moved since the last anchor; the anchor written, or null. */
  anchorNow(): Promise<LogAnchor | null>;
}

type AnchorCommand = { type: 'AnchorLog'; anchor: LogAnchor };
/** The anchors stream: an anchor is recorded only past the last one, so two instances never disagree. */
export const anchorsDecider: Decider<AnchorCommand, AuditEvent, { lastPosition: Position }> = {
  initialState: () => ({ lastPosition: START }),
  evolve: (_state, event) => ({ lastPosition: event.data.position }),
  decide: (command, state) =>
    command.anchor.position > state.lastPosition ? [{ type: 'LogAnchored', data: command.anchor }] : [],
};

/**
 * Anchoring (DOMAIN.md "Audit"): at a fixed interval, and once right after start, the log's head
 * (position and log hash) is signed with the key kept outside the log, recorded on the anchors
 * stream (expected revision: of two instances only one anchors a head) and mailed to the auditors
 * with the public key. The head's log hash is the one the log stored at append (SQLite), or is
 * computed here from the previous anchor on (EventStoreDB stores none).
 */
export function anchorProcess(deps: AnchorProcessDeps): AnchorProcess {
  const { streams, clock, logger, keys } = deps;
  const store = streams.store;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<LogAnchor | null> | null = null;
  let lastRunAt = 0;
  let moneySubscription: Subscription | null = null;
  let moneyTimer: NodeJS.Timeout | null = null;
  const witness = deps.witnessFile;
  /** Records the anchor in the witness file when it is later than the one there. */
  const witnessed = (anchor: LogAnchor) => {
    if (!witness) return;
    try {
      const known = readAnchorWitness(witness);
      if (!known || anchor.position > known.position) writeAnchorWitness(witness, anchor);
    } catch (err) {
      logger.error({ err, file: witness }, 'the last anchor could not be kept outside the log');
    }
  };
  /** Where the chain was last computed to: the walk resumes there. */
  let walked: LogHead = { position: START, logHash: LOG_CHAIN_START };

  async function lastAnchor(): Promise<LogAnchor | null> {
    const [last] = await store.readStream(auditAnchorsStream, {
      direction: 'backwards',
      maxCount: 1,
      raw: true,
    });
    return last ? (last.data as LogAnchor) : null;
  }

  /**
   * The head, and whether anything but an anchor was written since `from`. A log that stores the
   * global chain (SQLite: positions are numbers) gives the head's log hash in one read; otherwise the
   * chain is computed from `from` on (EventStoreDB stores none).
   */
  async function headAfter(from: LogHead): Promise<{ head: LogHead; moved: boolean }> {
    const position = await store.headPosition();
    if (/^\d+$/.test(position)) {
      const before = padPosition(BigInt(position) - 1n);
      const [last] = await store.readAll({ after: before, maxCount: 1, raw: true });
      if (last?.position === position && last.logHash !== undefined) {
        const moved = position > from.position && last.streamName !== auditAnchorsStream;
        return { head: { position, logHash: last.logHash }, moved };
      }
    }
    return walk(from);
  }

  async function walk(from: LogHead): Promise<{ head: LogHead; moved: boolean }> {
    let { position, logHash } = from;
    let moved = false;
    for (;;) {
      const page = await store.readAll({ after: position, maxCount: 1000, raw: true });
      if (page.length === 0) return { head: { position, logHash }, moved };
      for (const event of page) {
        logHash = nextLogHash(logHash, event);
        position = event.position;
        moved ||= event.streamName !== auditAnchorsStream;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  async function mail(anchor: LogAnchor) {
    if (!deps.auditorEmail) return;
    const json = JSON.stringify({ anchors: [anchor], publicKey: keys.publicKeyPem }, null, 2);
    try {
      await deps.mailer.send({
        to: deps.auditorEmail,
        subject: t('mail.logAnchorSubject', { position: anchor.position }),
        text: [
          t('mail.logAnchorBody', {
            position: anchor.position,
            logHash: anchor.logHash,
            signedAt: anchor.signedAt,
          }),
          '',
          JSON.stringify(anchor, null, 2),
          '',
          t('mail.logAnchorKey'),
          keys.publicKeyPem,
        ].join('\n'),
        attachments: [
          { filename: `anchor-${anchor.position}.json`, contentType: 'application/json', content: json },
        ],
      });
    } catch (err) {
      logger.error({ err, position: anchor.position }, 'the anchor could not be mailed to the auditors');
    }
  }

  async function anchor(): Promise<LogAnchor | null> {
    lastRunAt = clock.now().getTime();
    const previous = await lastAnchor();
    // Resume from the later of this process's walk and the last anchor it can trust (its own key's).
    if (
      previous &&
      previous.position > walked.position &&
      checkAnchorSignature(previous, keys.publicKey) === 'valid'
    ) {
      walked = { position: previous.position, logHash: previous.logHash };
      // A log anchored before the witness existed gains it.
      witnessed(previous);
    }
    const { head, moved } = await headAfter(walked);
    if (!moved) {
      walked = head;
      return null;
    }
    const now = clock.now();
    const signed = signAnchor(head, now, keys.privateKey);
    const commandId = `log-anchor:${head.position}`;
    const result = await streams.handle(
      auditAnchorsStream,
      anchorsDecider,
      { type: 'AnchorLog', anchor: signed },
      { commandId, correlationId: commandId, actor: { kind: 'system', id: 'log-anchoring' }, now },
    );
    walked = head;
    const written = result.events[0];
    if (result.replayed || !written) return null;
    // Another instance may have recorded this head first under the same event id (its append wins
    // and ours is answered as a retry): only the anchor the log holds is announced.
    const [recorded] = await store.readStream(auditAnchorsStream, {
      fromRevision: result.nextRevision,
      maxCount: 1,
      raw: true,
    });
    if (!recorded || !sameAnchor(recorded.data as LogAnchor, written.data)) return null;
    logger.info({ position: head.position }, 'log anchored');
    witnessed(written.data);
    await mail(written.data);
    return written.data;
  }

  function anchorNow(): Promise<LogAnchor | null> {
    running ??= anchor().finally(() => {
      running = null;
    });
    return running;
  }

  const run = () =>
    anchorNow().catch((err: unknown) => logger.error({ err }, 'the log could not be anchored'));

  /** Money moved: anchor shortly (once for a burst), after any anchoring under way. */
  const anchorSoon = () => {
    if (moneyTimer) return;
    moneyTimer = setTimeout(async () => {
      await running?.catch(() => undefined);
      moneyTimer = null;
      await run();
    }, deps.moneyDelayMs ?? 1000);
    moneyTimer.unref();
  };

  return {
    anchorNow,
    async start() {
      // The first anchor right after start (serving has begun: the servers start this after listening).
      await run();
      // Money events from the head on: each is anchored within moneyDelayMs, not at the interval.
      moneySubscription = store.subscribeToAll(
        async (events) => {
          if (events.some((e) => MONEY_EVENTS.has(e.type) && e.streamName !== auditAnchorsStream))
            anchorSoon();
        },
        {
          after: await store.headPosition(),
          onError: (err) => logger.error({ err }, 'anchoring stopped following money events'),
        },
      );
      const intervalMs = deps.intervalSeconds * 1000;
      timer = setInterval(() => {
        if (clock.now().getTime() - lastRunAt >= intervalMs) void run();
      }, deps.tickMs ?? Math.min(intervalMs, 60_000));
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await moneySubscription?.close();
      moneySubscription = null;
      if (moneyTimer) clearTimeout(moneyTimer);
      moneyTimer = null;
      await running?.catch(() => undefined);
    },
  };
}
