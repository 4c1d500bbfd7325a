import { type Action, actions } from '@wine/contracts';

const served = new Set<string>(
  (Object.values(actions) as Action[]).flatMap((a) => [
    a.path,
    ...(a.aliases ?? []),
    ...Object.values(a.providerPaths ?? {}).flat(),
  ]),
);

const CUSTOM = '/api/custom/';

/**
 * seeds 001 §7: "With no area it is /api/user/{action}; a custom flag switches to /api/custom/", and
 * the payment area's calls go to custom/payment under the flag (stripe_payment). So a client built
 * with the flag is served the same actions: `/api/custom/payment/<call>` is `/api/payment/<call>` and
 * any other `/api/custom/<call>` is `/api/user/<call>`, when that is an action's path (the query kept)
 * and `/api/custom/<call>` is not one itself (the newsletter's custom/index/campaign/zoho). Fastify's
 * `rewriteUrl` (app.ts); the compose gateway rewrites the same way (deploy/compose/gateway.ts).
 */
export function customFlagUrl(url: string): string {
  if (!url.startsWith(CUSTOM)) return url;
  const at = url.indexOf('?');
  const path = at === -1 ? url : url.slice(0, at);
  if (served.has(path)) return url;
  const call = path.slice(CUSTOM.length);
  const target = call.startsWith('payment/') ? `/api/${call}` : `/api/user/${call}`;
  return served.has(target) ? target + (at === -1 ? '' : url.slice(at)) : url;
}
