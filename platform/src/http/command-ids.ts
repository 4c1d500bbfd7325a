import { createHash, randomUUID } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { SecretStore } from '../secret-store/port.ts';
import { AppError } from './errors.ts';

/** How long a sent `x-command-id` stays bound to its first request (as a payment processor's idempotency keys). */
export const COMMAND_ID_HOURS = 24;
/**
 * How long the request holding a key may run before a repeat may take the key over: a holder that
 * died (a crash between two steps) does not block its key for a day. Its steps are idempotent, so the
 * repeat that takes over writes nothing twice, and the card provider's idempotency key charges once.
 */
export const COMMAND_ID_LEASE_MS = 2 * 60_000;
const KIND = 'command-id';
const ANSWER = 'command-answer';
const TAKEOVER = 'command-takeover';

/** What a command id was first sent for: who, which action, and a hash of the validated input. */
interface Claim {
  caller: string;
  action: string;
  input: string;
  /** The request that holds the key now: it runs the action; every other waits for its answer. */
  owner?: string;
  /** When a repeat may take the key over (epoch ms) if no answer was kept by then. */
  until?: number;
}

/** An action's answer kept for its key's repeats: the HTTP status and the envelope. */
export interface KeptAnswer {
  status: number;
  body: unknown;
}

/** A caller's claim on a command id, for actions whose repeats wait for and replay the first answer. */
export interface CommandIdClaim {
  /** This request holds the key (the first with it, or the next after the holder let it go): it runs the action. */
  readonly mine: boolean;
  /** The holder's answer, once it has kept one. */
  answer(): Promise<KeptAnswer | null>;
  /** Keeps this request's answer for the key's repeats, as long as the key. */
  keep(answer: KeptAnswer): Promise<void>;
  /** Lets the key go after an unexpected failure, so that a retry runs the action again. */
  release(): Promise<void>;
  /** Claims again: mine when the holder let the key go, or its lease ran out without an answer. */
  again(): Promise<CommandIdClaim>;
}

export const commandIdErrors = {
  otherCaller: () => new AppError('COMMAND_ID_TAKEN'),
  otherRequest: () => new AppError('COMMAND_ID_REUSED'),
};

/**
 * Binds each command id a caller sends to that caller, action and input (kept in the secret store,
 * shared by every instance): with another caller, another action or another input it is refused and
 * nothing is written. The claim is atomic, so of requests with one key exactly one holds it (`mine`);
 * the others either go on and replay through the command handler, or, for an action that must run
 * once (a card charge), wait for the holder's kept answer (action-route.ts).
 */
export function commandIdClaims(
  secrets: Pick<SecretStore, 'claim' | 'get' | 'put' | 'delete'>,
  clock: Clock,
) {
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
  const expiry = () => new Date(clock.now().getTime() + COMMAND_ID_HOURS * 3600_000);

  async function claim(caller: string, action: string, commandId: string, input: unknown) {
    const key = sha256(commandId);
    const owner = randomUUID();
    const mine: Claim = {
      caller: sha256(caller),
      action,
      input: sha256(JSON.stringify(input) ?? ''),
      owner,
      until: clock.now().getTime() + COMMAND_ID_LEASE_MS,
    };
    let held = await secrets.claim<Claim>(KIND, key, mine, { expiresAt: expiry() });
    if (held.caller !== mine.caller) throw commandIdErrors.otherCaller();
    if (held.action !== mine.action || held.input !== mine.input) throw commandIdErrors.otherRequest();
    if (held.owner !== owner && (held.until ?? 0) < clock.now().getTime()) {
      // The holder's lease ran out: one repeat takes the key over (an atomic claim per lapsed holder).
      const answered = await secrets.get<KeptAnswer>(ANSWER, key);
      const taker = answered
        ? null
        : await secrets.claim(TAKEOVER, `${key}:${held.owner}`, owner, { expiresAt: expiry() });
      if (taker === owner) {
        await secrets.put(KIND, key, mine, { expiresAt: expiry() });
        held = mine;
      }
    }
    const result: CommandIdClaim = {
      mine: held.owner === owner,
      answer: () => secrets.get<KeptAnswer>(ANSWER, key),
      keep: (answer) => secrets.put(ANSWER, key, answer, { expiresAt: expiry() }),
      async release() {
        // Only the holder lets go: a request whose lease was taken over leaves the new holder be.
        if ((await secrets.get<Claim>(KIND, key))?.owner === owner) await secrets.delete(KIND, key);
      },
      again: () => claim(caller, action, commandId, input),
    };
    return result;
  }
  return claim;
}
