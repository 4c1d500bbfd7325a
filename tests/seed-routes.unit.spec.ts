import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { knownPageIds } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { routeKeyOf, routesNotYet, type SeedRoute, seedRoutes } from './support/seed-routes.ts';

/**
 * Issue 38 "Done when": every screen route of seeds 000 §2 and 001 §2 is one of the UI's file routes
 * (ui/src/routeTree.gen.ts, as TanStack Router's generator wrote it), behind the sign-in where the seeds
 * protect it, with a screen of its own (or the listing it shares). The UI's build is not needed: the
 * route tree and the route files are read as text.
 */

const ui = join(import.meta.dirname, '../ui/src');
const tree = readFileSync(join(ui, 'routeTree.gen.ts'), 'utf8');

interface FileRoute {
  /** The route's id: '/_auth/purchases/$type' (pathless layouts start with '_'). */
  id: string;
  /** The path it answers: '/purchases/$type'. */
  path: string;
  /** The route file's text. */
  source: string;
}

function fileRoutes(): FileRoute[] {
  const imports = new Map(
    [...tree.matchAll(/import \{ Route as (\w+) \} from '\.\/routes\/([^']+)'/g)].map(
      ([, name, file]) => [name as string, file as string] as const,
    ),
  );
  const updates = new Map(
    [...tree.matchAll(/const (\w+) =\s*(\w+)\.update\(/g)].map(
      ([, route, imported]) => [route as string, imported as string] as const,
    ),
  );
  // A layout with children is its route with the children added: `XWithChildren = X._addFileChildren(…)`.
  const withChildren = new Map(
    [...tree.matchAll(/const (\w+) =\s*(\w+)\._addFileChildren\(/g)].map(
      ([, route, own]) => [route as string, own as string] as const,
    ),
  );
  const byId = tree.match(/export interface FileRoutesById \{([\s\S]*?)\n\}/)?.[1] ?? '';
  return [...byId.matchAll(/^\s*'([^']+)': typeof (\w+)$/gm)].map(([, id, route]) => {
    const own = withChildren.get(route as string) ?? (route as string);
    const file = imports.get(updates.get(own) ?? '');
    if (!file) throw new Error(`no route file for ${id} in routeTree.gen.ts`);
    const at = ['.tsx', '.ts'].map((ext) => join(ui, 'routes', file + ext)).find((f) => existsSync(f));
    if (!at) throw new Error(`the route file ${file} of ${id} is missing`);
    const segments = (id as string).split('/').filter((s) => s !== '' && !s.startsWith('_'));
    return { id: id as string, path: `/${segments.join('/')}`, source: readFileSync(at, 'utf8') };
  });
}

const routes = fileRoutes();

/**
 * The values a route's parameter takes, where its route refuses the others (the static pages' route
 * throws notFound for an id it does not know, ui/src/routes/$pageId.tsx).
 */
const paramValues: Record<string, readonly string[]> = { $pageId: knownPageIds };

/**
 * The file route a seeds route lands on, as the router ranks them: same number of segments, a seeds
 * parameter (`:name`) on a route parameter (`$name`), a seeds word on the same word or on a parameter
 * that takes it; the route with the most words wins, an index route over its layout.
 */
function routeOf(seedPath: string): FileRoute | undefined {
  const wanted = seedPath.split('/').filter(Boolean);
  const fits = routes.filter((route) => {
    const have = route.path.split('/').filter(Boolean);
    if (have.length !== wanted.length) return false;
    return wanted.every((segment, i) => {
      const own = have[i] as string;
      if (segment.startsWith(':')) return own.startsWith('$');
      if (!own.startsWith('$')) return own === segment;
      return paramValues[own]?.includes(segment) ?? true;
    });
  });
  const words = (r: FileRoute) => r.path.split('/').filter((s) => s && !s.startsWith('$')).length;
  return fits.sort(
    (a, b) => words(b) - words(a) || Number(b.id.endsWith('/')) - Number(a.id.endsWith('/')),
  )[0];
}

/** What is missing for the seeds route to be served as the seeds say, or null when nothing is. */
function missing(seed: SeedRoute): string | null {
  const route = routeOf(seed.path);
  if (!route) return 'no file route';
  const protectedRoute = route.id.startsWith('/_auth/');
  if (seed.audience === 'signed-in' && !protectedRoute)
    return `${route.id} is not behind the sign-in (_auth)`;
  if (seed.audience === 'public' && protectedRoute) return `${route.id} asks for a sign-in`;
  if (!/\bcomponent:/.test(route.source)) return `${route.id} has no screen of its own (no component)`;
  if (seed.sharedScreen && !route.source.includes(`<${seed.sharedScreen}`)) {
    return `${route.id} does not show the shared listing ${seed.sharedScreen}`;
  }
  return null;
}

const notYet = new Set(routesNotYet.map(routeKeyOf));

describe("the seeds' routes (support/seed-routes.ts)", () => {
  it('names each route of a section once, and lists in routesNotYet only routes of the table', () => {
    const all = seedRoutes.map(routeKeyOf);
    expect(all.filter((key, i) => all.indexOf(key) !== i)).toEqual([]);
    expect([...notYet].filter((key) => !all.includes(key))).toEqual([]);
  });

  it('reads the route tree: the protected layout and its routes, the static pages, the fallback', () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.find((r) => r.id === '/_auth')?.source).toMatch(
      /throw redirect\(\{ to: '\/', search: \{ referer/,
    );
    expect(routeOf('/about')?.id).toBe('/$pageId');
    // A word the static pages' route does not take is no route: it lands on the fallback.
    expect(routeOf('/no-such-page')).toBeUndefined();
    expect(routeOf('/checkout/buynow/c-1')?.id).toBe('/_auth/checkout/$type/$cart_id');
  });

  it("shows a fallback page for any other path (seeds 000 §2.1 'Any other path shows a fallback page')", () => {
    const root = readFileSync(join(ui, 'routes/__root.tsx'), 'utf8');
    expect(root).toMatch(/\bnotFoundComponent:/);
  });
});

describe.each(seedRoutes.filter((r) => !notYet.has(routeKeyOf(r))).map((r) => [routeKeyOf(r), r] as const))(
  'served: %s',
  (_, seed) => {
    it(`is a UI route for ${seed.audience === 'public' ? 'anyone' : 'a signed-in user'}, with its screen`, () => {
      expect(missing(seed)).toBeNull();
    });
  },
);

describe.each(seedRoutes.filter((r) => notYet.has(routeKeyOf(r))).map((r) => [routeKeyOf(r), r] as const))(
  'not served yet: %s',
  (_, seed) => {
    it('still lacks what the seeds ask (has it now? take it out of routesNotYet)', () => {
      expect(missing(seed)).not.toBeNull();
    });
  },
);
