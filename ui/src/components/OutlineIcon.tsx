import type { ReactNode } from 'react';

/**
 * An outline icon on the 24-unit grid, drawn in the text's colour and hidden from assistive technology
 * (the control it sits in carries the name): the header's magnifier, globe, chevron and cart.
 */
export function OutlineIcon({
  size,
  strokeWidth,
  round = false,
  children,
}: {
  size: number;
  strokeWidth: number;
  /** Round line caps and joins. */
  round?: boolean;
  children: ReactNode;
}) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      {...(round && { strokeLinecap: 'round', strokeLinejoin: 'round' })}
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}
