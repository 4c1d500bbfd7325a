import { screen, waitFor } from '@testing-library/react';
import type { Suggestion } from '@wine/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { configureApi } from '../../api/client.ts';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { fakeApi } from '../../test-utils/fake-api.ts';
import { render } from '../../test-utils/render.tsx';
import { SearchSuggest, suggestInputOf } from './SearchSuggest.tsx';

let restore = () => {};
afterEach(() => restore());

const margaux: Suggestion = {
  objectID: 'm1',
  title: '2015 Château Margaux',
  producer: 'Château Margaux',
  vintage: 2015,
  market_status: 'open',
};
const palmer: Suggestion = { objectID: 'p1', title: '2016 Château Palmer', market_status: 'open' };

async function setup() {
  const api = fakeApi({
    suggestProducts: ({ searchQuery }) => ({
      records: searchQuery.toLowerCase().startsWith('ch') ? [margaux, palmer] : [],
    }),
  });
  restore = configureApi({ fetch: api.fetch });
  const view = await render(<SearchSuggest />, { mantineEnv: 'test' });
  return { api, ...view, input: screen.getByRole('combobox', { name: 'Search wines' }) };
}

describe('SearchSuggest', () => {
  it('asks only for a text worth asking about', () => {
    expect(suggestInputOf(' m ')).toBeNull();
    expect(suggestInputOf('x'.repeat(101))).toBeNull();
    expect(suggestInputOf('mar\u202Egaux')).toBeNull();
    expect(suggestInputOf(' marg ')).toEqual({ searchQuery: 'marg', limit: 6 });
  });

  it('suggests once typing pauses, not on every key', async () => {
    const { api, user, input, container } = await setup();
    await user.type(input, 'chat');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      '2015 Château MargauxChâteau Margaux · 2015',
      '2016 Château Palmer',
    ]);
    expect(api.to('suggestProducts').map((r) => r.input)).toEqual([{ searchQuery: 'chat', limit: 6 }]);
    expect(screen.getByRole('listbox', { name: 'Suggestions' })).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('opens the chosen suggestion with the keyboard', async () => {
    const { user, input, router } = await setup();
    await user.type(input, 'chat');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/productview/p1'));
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('opens a suggestion chosen with the mouse', async () => {
    const { user, input, router } = await setup();
    await user.type(input, 'chat');
    await user.click(await screen.findByRole('option', { name: /Margaux/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/productview/m1'));
  });

  it('searches the typed text on Enter when no suggestion is chosen', async () => {
    const { user, input, router } = await setup();
    await user.type(input, 'riesling{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toEqual({ searchQuery: 'riesling' });
  });

  it('says when nothing matches', async () => {
    const { user, input } = await setup();
    await user.type(input, 'zz');
    expect(await screen.findByText('No matching wines')).toBeTruthy();
  });
});
