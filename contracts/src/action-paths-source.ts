import type { Auth } from './accounts/roles.ts';
import { actions } from './actions.ts';

/*
 * The text of action-paths.ts, generated from `actions` as the compose gateway's route table is
 * (deploy/compose/generate-gateway.ts): `npx tsx contracts/scripts/generate-action-paths.ts` writes it,
 * and action-paths.unit.spec.ts fails while the committed file differs from this text.
 */

const header = `// GENERATED from \`actions\` (actions.ts) by contracts/scripts/generate-action-paths.ts: do not edit.
// A new or changed action: run \`npx tsx contracts/scripts/generate-action-paths.ts\`
// (action-paths.unit.spec.ts fails while this file is stale).
//
// The UI's light map of the actions: each one's path and audience, and no zod (issue 11: the API
// client is in the first load, the schemas are not). The package exports it as
// \`@wine/contracts/action-paths\`; it imports nothing but types.
import type { Auth } from './accounts/roles.ts';
import type { ActionName } from './actions.ts';

/** Where an action is served and who may call it (the rest of its declaration is in \`actions\`). */
export interface ActionPath {
  path: \`/api/\${string}\`;
  auth: Auth;
}

export const actionPaths = {
`;

const footer = `} as const satisfies Record<ActionName, ActionPath>;
`;

/** The formatter's line width (biome.json). */
const LINE_WIDTH = 110;

const quoted = (s: string) => `'${s}'`;
const authLiteral = (auth: Auth) =>
  typeof auth === 'string' ? quoted(auth) : `[${auth.map(quoted).join(', ')}]`;

/** One line per action, in the order `actions` declares them. */
export function actionPathsSource(): string {
  const lines = Object.entries(actions).map(([name, action]) => {
    const line = `  ${name}: { path: ${quoted(action.path)}, auth: ${authLiteral(action.auth)} },\n`;
    // As the formatter writes it (biome.json lineWidth 110): an entry too long for one line on three.
    return line.length - 1 <= LINE_WIDTH
      ? line
      : `  ${name}: {\n    path: ${quoted(action.path)},\n    auth: ${authLiteral(action.auth)},\n  },\n`;
  });
  return header + lines.join('') + footer;
}

const audience = (auth: Auth) => (typeof auth === 'string' ? auth : auth.join(', '));

/**
 * docs/actions.md: every action of the product, with where it is served (its aliases and card
 * providers' paths too), its side and who may call it; README links it. Written by the same script,
 * and contracts' spec fails while the committed file differs.
 */
export function actionListMarkdown(): string {
  const rows = Object.entries(actions).map(([name, action]) => {
    const also = [
      ...(action.aliases ?? []),
      ...Object.entries(action.providerPaths ?? {}).flatMap(([provider, paths]) =>
        (paths ?? []).map((path) => `${path} (${provider})`),
      ),
    ];
    const where = [`\`${action.path}\``, ...also.map((path) => `\`${path}\``)].join('<br>');
    return `| ${name} | ${where} | ${action.side} | ${audience(action.auth)} |`;
  });
  return [
    '<!-- GENERATED from `actions` (contracts/src/actions.ts) by contracts/scripts/generate-action-paths.ts: do not edit. -->',
    '# The actions',
    '',
    `Every HTTP action of the product (${rows.length}), each a POST with a JSON body answered in the seeds'`,
    "envelope; who may call it is checked before the body is read (README, 'Roles and the first admin').",
    '`public` is anyone; `viewer` anyone too, a sent session personalising the answer; `user` any',
    'signed-in user; a role name, a user holding that role (several: any of them). A command is',
    'written to the log; a query reads the read models.',
    '',
    '| Action | Served at | Side | Who may call |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
