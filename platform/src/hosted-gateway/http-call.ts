import { callVendor } from '../http/vendor-call.ts';
import { HostedGatewayUnavailableError } from './port.ts';

/**
 * One JSON call to a gateway by Node's fetch (neither Paytm nor Cashfree needs more: their SDKs wrap the
 * same requests). No answer in `timeoutMs`, a 5xx or 429, or an answer that is not JSON is
 * HostedGatewayUnavailableError: nothing is known of the call's outcome. Any other answer is the
 * caller's to read, with its HTTP status.
 */
export async function callGateway(
  gateway: string,
  url: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: unknown },
  timeoutMs: number,
): Promise<{ status: number; body: unknown }> {
  const response = await callVendor(
    url,
    {
      method: init.method,
      headers: {
        accept: 'application/json',
        ...(init.body !== undefined && { 'content-type': 'application/json' }),
        ...init.headers,
      },
      ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
    },
    timeoutMs,
    (timedOut) =>
      new HostedGatewayUnavailableError(gateway, timedOut ? `no answer in ${timeoutMs} ms` : 'no answer'),
  );
  if (response.status >= 500 || response.status === 429) {
    throw new HostedGatewayUnavailableError(gateway, `HTTP ${response.status}`, response.status);
  }
  try {
    const body = JSON.parse(response.text) as unknown;
    if (typeof body !== 'object' || body === null) throw new Error('not JSON of an object or a list');
    return { status: response.status, body };
  } catch {
    throw new HostedGatewayUnavailableError(gateway, `an answer that is not JSON (HTTP ${response.status})`);
  }
}

/** A field of a JSON answer as an object (an absent or other one reads as empty). */
export const objectOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

export const stringOf = (value: unknown) => (typeof value === 'string' ? value : '');
