import { describe, expect, it } from 'vitest';
import { actionPaths } from './action-paths.ts';
import { actions } from './actions.ts';

describe('actionPaths (the light map the UI calls through)', () => {
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
