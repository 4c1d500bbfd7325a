// Browser stand-in for node:crypto (aliased in vite.config.ts, vitest.config.ts and tsconfig paths):
// @wine/event-schemas imports it for the audit hash, which only the server computes.
export interface Hash {
  update(data: string): Hash;
  digest(encoding: 'hex'): string;
}

export function createHash(_algorithm: string): Hash {
  throw new Error('node:crypto is not available in the browser');
}
