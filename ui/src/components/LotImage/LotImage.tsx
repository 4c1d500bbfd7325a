import { Image, type ImageProps } from '@mantine/core';
import { NO_IMAGE } from '../../lib/lot.ts';

export interface LotImageProps extends Omit<ImageProps, 'src' | 'fallbackSrc'> {
  src: string | undefined;
  alt: string;
  loading?: 'lazy' | 'eager';
}

/** A lot's picture; a missing or broken image shows the no-image placeholder (seeds 000 §8). */
export function LotImage({ src, alt, loading = 'lazy', ...props }: LotImageProps) {
  return (
    <Image
      src={src ?? NO_IMAGE}
      fallbackSrc={NO_IMAGE}
      alt={alt}
      loading={loading}
      fit="contain"
      bg="gray.0"
      {...props}
    />
  );
}
