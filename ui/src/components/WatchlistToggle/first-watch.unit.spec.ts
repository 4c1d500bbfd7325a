import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstWatch, FOLLOWER_REFRESH_MS } from './first-watch.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('afterFirstWatch (seeds 000 §4.7)', () => {
  it('counts a view, follows the producer with rating 5, and refreshes the followers 0.5 s later', async () => {
    vi.useFakeTimers();
    const countView = vi.fn(async () => ({ counted: true }));
    const follow = vi.fn(async () => ({}));
    const refreshFollowers = vi.fn();
    await afterFirstWatch({ lotId: 'lot-1', producer: ' Opus One ', countView, follow, refreshFollowers });
    expect(countView).toHaveBeenCalledWith('lot-1');
    expect(follow).toHaveBeenCalledWith('Opus One', 5);
    expect(FOLLOWER_REFRESH_MS).toBe(500);
    await vi.advanceTimersByTimeAsync(499);
    expect(refreshFollowers).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshFollowers).toHaveBeenCalledTimes(1);
  });

  it('follows nobody for a lot without a producer, and a failed follow refreshes nothing', async () => {
    vi.useFakeTimers();
    const refreshFollowers = vi.fn();
    const follow = vi.fn(async () => {
      throw new Error('refused');
    });
    await afterFirstWatch({
      lotId: 'lot-1',
      producer: '',
      countView: async () => ({}),
      follow,
      refreshFollowers,
    });
    expect(follow).not.toHaveBeenCalled();
    await afterFirstWatch({
      lotId: 'lot-1',
      producer: 'Krug',
      countView: async () => {
        throw new Error('down');
      },
      follow,
      refreshFollowers,
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(refreshFollowers).not.toHaveBeenCalled();
  });
});
