import { describeRouteWalk } from './support/route-walk.ts';

// The desktop width (and the fallback and protected-route checks) is storefront-routes.e2e.spec.ts.
describeRouteWalk({ width: 390, height: 844, name: 'walks them at 390 px the same way' });
