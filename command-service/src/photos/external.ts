import { lookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { MAX_UPLOAD_BYTES } from '@wine/contracts';
import { AppError } from '@wine/platform';
import { Agent, fetch } from 'undici';

/** Addresses a fetched photo may never come from: this host, private networks, link-local, multicast. */
const privateRanges = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  privateRanges.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  privateRanges.addSubnet(network, prefix, 'ipv6');

/** An address of this host or a private network (an IPv4 address mapped into IPv6 is checked as IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return privateRanges.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return privateRanges.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export interface ExternalPhotoOptions {
  /** Specs only: a photo served on this machine may be fetched. */
  allowPrivate?: boolean;
  timeoutMs?: number;
  maxBytes?: number;
}

const MAX_REDIRECTS = 3;

/**
 * The name resolution of a fetch: every address a name resolves to must be public, checked when the
 * connection is made (so a name that resolves to a public address for a check and a private one for the
 * connection cannot slip through).
 */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses as { address: string; family: number }[];
    if (list.length === 0 || list.some((a) => isPrivateAddress(a.address))) {
      return callback(Object.assign(new Error('private address'), { code: 'EXTERNAL_IMAGE_PRIVATE' }), '', 0);
    }
    if ((options as { all?: boolean }).all)
      return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
    const first = list[0] as { address: string; family: number };
    return callback(null, first.address, first.family);
  });
};

const publicAgent = new Agent({ connect: { lookup: publicLookup } });
const anyAgent = new Agent();

/**
 * A photo given as a link (seeds 000 §3.2 attachment type 2: http and https only), fetched once by the
 * server so the site's Content-Security-Policy can stay `img-src 'self'`: at most MAX_UPLOAD_BYTES, in
 * 10 s, from a public address (a name is checked at connection time; an address in the link, and each
 * redirect's, before it), with at most three redirects. Refused with EXTERNAL_IMAGE_FAILED otherwise.
 */
export async function fetchExternalPhoto(
  link: string,
  options: ExternalPhotoOptions = {},
): Promise<Uint8Array> {
  const maxBytes = options.maxBytes ?? MAX_UPLOAD_BYTES;
  const failed = (reason: string) => new AppError('EXTERNAL_IMAGE_FAILED', { params: { url: link, reason } });
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw failed('not a link');
  }
  const signal = AbortSignal.timeout(options.timeoutMs ?? 10_000);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw failed('only http and https');
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!options.allowPrivate && isIP(host) && isPrivateAddress(host)) throw failed('a private address');
    let response: Awaited<ReturnType<typeof fetch>>;
    try {
      response = await fetch(url, {
        dispatcher: options.allowPrivate ? anyAgent : publicAgent,
        redirect: 'manual',
        signal,
        headers: { accept: 'image/*' },
      });
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      throw failed(code === 'EXTERNAL_IMAGE_PRIVATE' ? 'a private address' : 'not reachable');
    }
    if (response.status >= 300 && response.status < 400 && response.headers.get('location')) {
      await response.body?.cancel();
      url = new URL(response.headers.get('location') as string, url);
      continue;
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw failed(`HTTP ${response.status}`);
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      size += chunk.byteLength;
      if (size > maxBytes) {
        await response.body.cancel().catch(() => undefined);
        throw failed('too large');
      }
      chunks.push(chunk);
    }
    return new Uint8Array(Buffer.concat(chunks));
  }
  throw failed('too many redirects');
}
