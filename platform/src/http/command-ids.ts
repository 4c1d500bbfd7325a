import { createHash } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { SecretStore } from '../secret-store/port.ts';
import { AppError } from './errors.ts';

/** How long a sent `x-command-id` stays bound to its first request (as a payment processor's idempotency keys). */
export const COMMAND_ID_HOURS = 24;
const KIND = 'command-id';

/** What a command id was first sent for: who, which action, and a hash of the validated input. */
interface Claim {
  caller: string;
  action: string;
  input: string;
}

export const commandIdErrors = {
  otherCaller: () => new AppError('COMMAND_ID_TAKEN'),
  otherRequest: () => new AppError('COMMAND_ID_REUSED'),
};

/**
 * Binds each command id a caller sends to that caller, action and input (kept in the secret store,
 * shared by every instance): the same key with the same request goes on and replays the earlier answer
 * through the command handler; with another caller, another action or another input it is refused and
 * nothing is written.
 */
export function commandIdClaims(secrets: Pick<SecretStore, 'claim'>, clock: Clock) {
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
  return async (caller: string, action: string, commandId: string, input: unknown): Promise<void> => {
    const mine: Claim = { caller: sha256(caller), action, input: sha256(JSON.stringify(input) ?? '') };
    const held = await secrets.claim<Claim>(KIND, sha256(commandId), mine, {
      expiresAt: new Date(clock.now().getTime() + COMMAND_ID_HOURS * 3600_000),
    });
    if (held.caller !== mine.caller) throw commandIdErrors.otherCaller();
    if (held.action !== mine.action || held.input !== mine.input) throw commandIdErrors.otherRequest();
  };
}
