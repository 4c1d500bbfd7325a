import type { z } from 'zod';

/**
 * One entry per event type: the current version's schema and the upcasters that lift each older
 * version's data one step towards it. Events are stored as written; they are upcast when read.
 */
export interface EventDefinition<Type extends string, Schema extends z.ZodType> {
  type: Type;
  version: number;
  schema: Schema;
  /** upcasters[v] turns version v data into version v + 1 data. */
  upcasters?: Record<number, (data: unknown) => unknown>;
}

export function defineEvent<const Type extends string, Schema extends z.ZodType>(
  definition: EventDefinition<Type, Schema>,
): EventDefinition<Type, Schema> {
  for (let v = 1; v < definition.version; v++) {
    if (!definition.upcasters?.[v]) throw new Error(`${definition.type}: no upcaster from version ${v}`);
  }
  return definition;
}

export class UnknownEventError extends Error {
  constructor(readonly eventType: string) {
    super(`unknown event type ${eventType}`);
  }
}

export class EventVersionError extends Error {
  constructor(
    readonly eventType: string,
    readonly eventVersion: number,
  ) {
    super(`${eventType} has no version ${eventVersion}`);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds definitions of every schema type
type AnyDefinition = EventDefinition<string, any>;

export function createRegistry<const Defs extends readonly AnyDefinition[]>(definitions: Defs) {
  const byType = new Map<string, AnyDefinition>(definitions.map((d) => [d.type, d]));
  return {
    has: (type: string) => byType.has(type),
    types: () => [...byType.keys()],
    currentVersion(type: string): number {
      const def = byType.get(type);
      if (!def) throw new UnknownEventError(type);
      return def.version;
    },
    /** Validates data written now, at the current version. */
    validate(type: string, data: unknown): unknown {
      const def = byType.get(type);
      if (!def) throw new UnknownEventError(type);
      return def.schema.parse(data);
    },
    /**
     * Lifts stored data of an older version to the current version and validates the result. Data
     * stored at the current version comes back as stored: it was validated when it was written
     * (`validate`), and parsing it again on every read would only repeat that.
     */
    upcast(type: string, version: number, data: unknown): { version: number; data: unknown } {
      const def = byType.get(type);
      if (!def) throw new UnknownEventError(type);
      if (version === def.version) return { version, data };
      if (!Number.isInteger(version) || version < 1 || version > def.version) {
        throw new EventVersionError(type, version);
      }
      let current = data;
      for (let v = version; v < def.version; v++) {
        const up = def.upcasters?.[v];
        if (!up) throw new EventVersionError(type, v);
        current = up(current);
      }
      return { version: def.version, data: def.schema.parse(current) };
    },
  };
}
