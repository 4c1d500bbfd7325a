import { Image, type ImageProps } from '@mantine/core';
import { NO_IMAGE, photoSizes } from '../../lib/lot.ts';

export interface LotImageProps extends Omit<ImageProps, 'src' | 'fallbackSrc'> {
  src: string | undefined;
  alt: string;
  /** 'eager' for the picture a page leads with (its largest paint): fetched first, at high priority. */
  loading?: 'lazy' | 'eager';
  /** How wide the picture is shown (the `sizes` attribute), for an uploaded photo's sized copies. */
  sizes?: string;
}

/** A lot's picture; a missing or broken image shows the no-image placeholder (seeds 000 §8). */
export function LotImage({ src, alt, loading = 'lazy', sizes = '400px', ...props }: LotImageProps) {
  // An uploaded photo has WebP copies 400, 800 and 1600 px wide: the browser picks the one it needs.
  const srcSet = src ? photoSizes(src) : null;
  return (
    <Image
      {...(srcSet && { srcSet, sizes })}
      src={src ?? NO_IMAGE}
      fallbackSrc={NO_IMAGE}
      alt={alt}
      loading={loading}
      {...(loading === 'eager' && { fetchPriority: 'high' as const })}
      fit="contain"
      bg="gray.0"
      {...props}
    />
  );
}
