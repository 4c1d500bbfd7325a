import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { actionPaths } from './action-paths.ts';
import { actionPathsSource } from './action-paths-source.ts';
import { actions } from './actions.ts';

describe('actionPaths (the light map the UI calls through)', () => {
  it('is generated from the actions (run `npx tsx contracts/scripts/generate-action-paths.ts` after changing one)', () => {
    expect(readFileSync(join(import.meta.dirname, 'action-paths.ts'), 'utf8')).toBe(actionPathsSource());
  });

  it('names every action, and nothing else', () => {
    expect(Object.keys(actionPaths).sort()).toEqual(Object.keys(actions).sort());
  });

  it('gives each action the path and audience of its declaration', () => {
    for (const [name, action] of Object.entries(actions)) {
      expect(actionPaths[name as keyof typeof actionPaths], name).toEqual({
        path: action.path,
        auth: action.auth,
      });
    }
  });
});
