import { EventStoreDBClient } from '@eventstore/db-client';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { fromEsdbPosition, toEsdbPosition } from './esdb.ts';

const position = fc.record({
  commit: fc.bigInt({ min: 0n, max: 2n ** 63n - 1n }),
  prepare: fc.bigInt({ min: 0n, max: 2n ** 63n - 1n }),
});

describe('EventStoreDB positions', () => {
  it('round-trip through the port’s string without losing bigint precision', () => {
    fc.assert(
      fc.property(position, (p) => {
        expect(toEsdbPosition(fromEsdbPosition(p))).toEqual(p);
      }),
    );
  });

  it('sort as strings in log order: by commit, then prepare', () => {
    fc.assert(
      fc.property(position, position, (a, b) => {
        const byLog =
          a.commit === b.commit
            ? Math.sign(Number(a.prepare - b.prepare))
            : Math.sign(Number(a.commit - b.commit));
        const [x, y] = [fromEsdbPosition(a), fromEsdbPosition(b)];
        expect(x === y ? 0 : x < y ? -1 : 1).toBe(byLog);
      }),
    );
  });

  it('refuses a position that is not one of its own', () => {
    expect(() => toEsdbPosition('00000000000000000042')).toThrow(/not an EventStoreDB position/);
  });
});

describe('EVENTSTORE_URL (issue 13: kurrentdb:// passed the check, then the client threw at start)', () => {
  it('is accepted by the configuration exactly when the client parses it', () => {
    const urls = [
      'esdb://localhost:2113?tls=false',
      'esdb+discover://cluster.example:2113?tls=true',
      'esdb://admin:changeit@a:2113,b:2113,c:2113?tls=false&keepAliveTimeout=10000',
      'kurrentdb://localhost:2113?tls=false',
      'kurrent+discover://cluster.example:2113',
    ];
    for (const url of urls) {
      const parsed = (() => {
        try {
          EventStoreDBClient.connectionString(url);
          return true;
        } catch {
          return false;
        }
      })();
      const accepted = (() => {
        try {
          loadConfig({ EVENTSTORE_URL: url });
          return true;
        } catch {
          return false;
        }
      })();
      expect(accepted, url).toBe(parsed);
    }
    expect(() => loadConfig({ EVENTSTORE_URL: 'kurrentdb://localhost:2113' })).toThrow(/esdb\+discover:\/\//);
  });
});
