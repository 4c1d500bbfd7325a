import { describe, expect, it } from 'vitest';
import { events } from './index.ts';

const registered = (registeredAt: string, popupMessage: 0 | 1) => ({
  userId: 'u-1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: null,
  countryCode: '+1',
  newsletter: false,
  registeredAt,
  popupMessage,
});

describe('UserRegistered: the card-processor popup (issue 31)', () => {
  it('reads a registration since the processor change without the popup: it had no card to lose', () => {
    const up = events.upcast('UserRegistered', 1, registered('2026-11-20T10:00:00.000Z', 1));
    expect(up).toEqual({ version: 2, data: registered('2026-11-20T10:00:00.000Z', 0) });
  });

  it('keeps the popup of an account registered before the change, until acknowledged', () => {
    const up = events.upcast('UserRegistered', 1, registered('2024-06-01T10:00:00.000Z', 1));
    expect(up.data).toMatchObject({ popupMessage: 1 });
    expect(events.upcast('UserRegistered', 1, registered('2024-06-01T10:00:00.000Z', 0)).data).toMatchObject({
      popupMessage: 0,
    });
  });

  it('reads the current version as written', () => {
    const data = registered('2026-11-20T10:00:00.000Z', 0);
    expect(events.upcast('UserRegistered', 2, data)).toEqual({ version: 2, data });
  });
});
