/**
 * Issue 33: photo processing. A camera's photo (3000 × 2000 JPEG of noise, the hardest to compress)
 * uploaded over HTTP to image_uploader on the embedded product: decoded, oriented, stripped, and the
 * original, the 500 px result and the 400/800/1600 WebP copies encoded and stored. Beside it in the
 * same run: sharp decoding the same photos once and nothing else, the least any processing does.
 */
import { performance } from 'node:perf_hooks';
import { actions } from '@wine/contracts';
import sharp from 'sharp';
import { startMarketplace } from '../support/marketplace.ts';
import { fmt, percentile, ratio, row } from './table.ts';

const WIDTH = 3000;
const HEIGHT = 2000;

export async function photosBench(count = Number(process.env.PHOTO_BENCH_COUNT ?? 60)) {
  const photos = await Promise.all(
    Array.from({ length: Math.min(count, 12) }, (_, i) =>
      sharp({
        create: {
          width: WIDTH,
          height: HEIGHT,
          channels: 3,
          background: '#000',
          noise: { type: 'gaussian', mean: 100 + i * 5, sigma: 40 },
        },
      })
        .jpeg({ quality: 90 })
        .toBuffer(),
    ),
  );
  // Each upload a photo of its own (the store keeps one file per content): the last bytes differ.
  const nth = (i: number) => {
    const base = photos[i % photos.length] as Buffer;
    return Buffer.concat([base, Buffer.from(`\n${i}`)]);
  };

  // The floor: decoding each photo once.
  const t0 = performance.now();
  for (let i = 0; i < count; i++) await sharp(nth(i)).raw().toBuffer();
  const decodeRate = count / ((performance.now() - t0) / 1000);

  const market = await startMarketplace({ seed: false, staffRateLimit: 1_000_000 });
  try {
    const admin = await market.staff('admin');
    const took: number[] = [];
    const t1 = performance.now();
    for (let i = 0; i < count; i++) {
      const body = new FormData();
      body.append('folder', 'product');
      body.append('file_upload', new Blob([nth(i)], { type: 'image/jpeg' }), `photo-${i}.jpg`);
      const t = performance.now();
      const answer = await fetch(`${market.url}${actions.imageUploader.path}`, {
        method: 'POST',
        headers: { authorization: admin.auth.authorization },
        body,
      });
      if (answer.status !== 200) throw new Error(`upload ${i}: ${answer.status} ${await answer.text()}`);
      took.push(performance.now() - t);
    }
    const rate = count / ((performance.now() - t1) / 1000);
    took.sort((a, b) => a - b);
    row(
      `Photo upload over HTTP, ${WIDTH}×${HEIGHT} JPEG, original + 500 px + 3 WebP sizes (photos/s, p50/p99)`,
      `${fmt(rate, 1)} (${fmt(percentile(took, 50))}/${fmt(percentile(took, 99))} ms)`,
      `${fmt(decodeRate, 1)} (sharp decoding each photo once)`,
      ratio(rate, decodeRate),
    );
  } finally {
    await market.stop();
  }
}
