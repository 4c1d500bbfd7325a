/**
 * One request to a vendor's API (hosted gateways, Versapay, North Capital, Zoho, PayPal's certificate)
 * by Node's fetch, bounded by `timeoutMs`: its HTTP status and the body's text, whatever the status.
 * When no answer comes (the host cannot be reached, the connection drops, the time runs out) the
 * caller's `unanswered` error is thrown, told whether it was the time; each adapter names its own
 * vendor and port error there, and never the URL (some carry tokens). Reading the answer (JSON or not,
 * which statuses mean what) stays with the adapter: each vendor says it differently.
 */
export async function callVendor(
  url: string,
  init: Omit<RequestInit, 'signal'>,
  timeoutMs: number,
  unanswered: (timedOut: boolean) => Error,
): Promise<{ status: number; ok: boolean; text: string }> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    return { status: response.status, ok: response.ok, text: await response.text() };
  } catch (error) {
    throw unanswered((error as { name?: unknown } | null)?.name === 'TimeoutError');
  }
}
