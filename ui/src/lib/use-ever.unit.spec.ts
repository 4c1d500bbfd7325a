import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useEver } from './use-ever.ts';

describe('useEver', () => {
  it('is false until the condition holds, then stays true when it no longer does', () => {
    const { result, rerender } = renderHook(({ on }) => useEver(on), { initialProps: { on: false } });
    expect(result.current).toBe(false);
    rerender({ on: true });
    expect(result.current).toBe(true);
    rerender({ on: false });
    expect(result.current).toBe(true);
  });

  it('is true from the first render when the condition holds then', () => {
    expect(renderHook(() => useEver(true)).result.current).toBe(true);
  });
});
