import { screen } from '@testing-library/react';
import { emptyDefaultBundle, type HomeBanner } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { actionKey } from '../../api/queries.ts';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { testQueryClient } from '../../test-utils/query-client.ts';
import { render } from '../../test-utils/render.tsx';
import { HomeBanners } from './HomeBanners.tsx';

const banner = (id: string, over: Partial<HomeBanner> = {}): HomeBanner => ({
  id,
  title: `Title ${id}`,
  subtitle: `Subtitle ${id}`,
  image: `${id}.svg`,
  link: '/search',
  link_label: `Go ${id}`,
  sort_order: 0,
  active: 1,
  ...over,
});

async function renderWith(home_banners: HomeBanner[]) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(actionKey('getDefault', {}), { ...emptyDefaultBundle, home_banners });
  return render(<HomeBanners />, { queryClient });
}

describe('HomeBanners', () => {
  it("shows each banner's text, image and link in the bundle's order", async () => {
    const { container } = await renderWith([banner('a'), banner('b', { image: null, link: null })]);
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual(['Title a', 'Title b']);
    expect(screen.getByRole('link', { name: 'Go a' }).getAttribute('href')).toBe('/search');
    expect(screen.queryByRole('link', { name: 'Go b' })).toBeNull();
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/uploads/banner/a.svg');
    await expectNoAxeViolations(container);
  });

  it('shows nothing without banners', async () => {
    await renderWith([]);
    expect(screen.queryByTestId('home-banners')).toBeNull();
  });
});
