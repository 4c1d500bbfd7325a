import { HoverCard, Loader, NavLink, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BrowseCountry, browseTree } from '../../lib/browse-tree.ts';
import { useDefaultBundle } from '../../state/defaults.ts';
import classes from './BrowseMenu.module.css';

function useBrowseTree(): { tree: BrowseCountry[] | null; state: 'loading' | 'hasError' | 'hasData' } {
  const bundle = useDefaultBundle();
  if (bundle.state === 'hasData') return { tree: browseTree(bundle.data), state: 'hasData' };
  return { tree: null, state: bundle.state };
}

function Fallback({ state }: { state: 'loading' | 'hasError' | 'hasData' }) {
  const { t } = useTranslation();
  if (state === 'loading') return <Loader size="sm" aria-label={t('ui.browse.loadingRegions')} />;
  return (
    <Text size="sm" c="dimmed">
      {t('ui.browse.regionsUnavailable')}
    </Text>
  );
}

function Item(props: {
  search: { country: string; region?: string; subregion?: string };
  label: string;
  count: number;
  active?: boolean;
  onHover?: () => void;
}) {
  return (
    <Link
      to="/search"
      search={props.search}
      className={classes.item}
      data-active={props.active || undefined}
      onMouseEnter={props.onHover}
      onFocus={props.onHover}
    >
      <span>{props.label}</span>
      <span className={classes.count}>{props.count}</span>
    </Link>
  );
}

/** Desktop "Browse Wines": hover mega-menu of country, region and subregion (seeds 000 §2.5). */
export function BrowseMegaMenu({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { tree, state } = useBrowseTree();
  const [country, setCountry] = useState<string | null>(null);
  const [region, setRegion] = useState<string | null>(null);
  const activeCountry = tree?.find((c) => c.value === country) ?? tree?.[0];
  const activeRegion = activeCountry?.regions.find((r) => r.value === region);
  return (
    <HoverCard openDelay={80} closeDelay={150} position="bottom-start" shadow="md" withinPortal>
      <HoverCard.Target>{children}</HoverCard.Target>
      <HoverCard.Dropdown data-testid="browse-menu">
        {tree ? (
          <div className={classes.columns}>
            <Stack gap={2} className={classes.column} aria-label={t('ui.browse.countries')}>
              {tree.map((c) => (
                <Item
                  key={c.value}
                  search={{ country: c.value }}
                  label={c.value}
                  count={c.count}
                  active={c.value === activeCountry?.value}
                  onHover={() => {
                    setCountry(c.value);
                    setRegion(null);
                  }}
                />
              ))}
            </Stack>
            <Stack gap={2} className={classes.column} aria-label={t('ui.browse.regions')}>
              {activeCountry?.regions.map((r) => (
                <Item
                  key={r.value}
                  search={{ country: activeCountry.value, region: r.value }}
                  label={r.value}
                  count={r.count}
                  active={r.value === activeRegion?.value}
                  onHover={() => setRegion(r.value)}
                />
              ))}
            </Stack>
            <Stack gap={2} className={classes.column} aria-label={t('ui.browse.subregions')}>
              {activeCountry && activeRegion
                ? activeRegion.subregions.map((s) => (
                    <Item
                      key={s.value}
                      search={{
                        country: activeCountry.value,
                        region: activeRegion.value,
                        subregion: s.value,
                      }}
                      label={s.value}
                      count={s.count}
                    />
                  ))
                : null}
            </Stack>
          </div>
        ) : (
          <Fallback state={state} />
        )}
      </HoverCard.Dropdown>
    </HoverCard>
  );
}

type Origin = { country: string; region?: string; subregion?: string };

/** A NavLink rendered as a typed router link to /search (Mantine's renderRoot pattern). */
function SearchNavLink({
  origin,
  label,
  onNavigate,
}: {
  origin: Origin;
  label: string;
  onNavigate?: (() => void) | undefined;
}) {
  return (
    <NavLink
      label={label}
      onClick={onNavigate}
      renderRoot={(props) => <Link to="/search" search={origin} {...props} />}
    />
  );
}

/** Mobile "Browse Wines": the same tree as nested links. */
export function BrowseNavTree({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { tree, state } = useBrowseTree();
  if (!tree) return <Fallback state={state} />;
  return (
    <>
      {tree.map((c) => (
        <NavLink key={c.value} label={c.value} childrenOffset="sm">
          <SearchNavLink
            origin={{ country: c.value }}
            label={t('ui.browse.allOf', { name: c.value })}
            onNavigate={onNavigate}
          />
          {c.regions.map((r) =>
            r.subregions.length ? (
              <NavLink key={r.value} label={r.value} childrenOffset="sm">
                <SearchNavLink
                  origin={{ country: c.value, region: r.value }}
                  label={t('ui.browse.allOf', { name: r.value })}
                  onNavigate={onNavigate}
                />
                {r.subregions.map((s) => (
                  <SearchNavLink
                    key={s.value}
                    origin={{ country: c.value, region: r.value, subregion: s.value }}
                    label={s.value}
                    onNavigate={onNavigate}
                  />
                ))}
              </NavLink>
            ) : (
              <SearchNavLink
                key={r.value}
                origin={{ country: c.value, region: r.value }}
                label={r.value}
                onNavigate={onNavigate}
              />
            ),
          )}
        </NavLink>
      ))}
    </>
  );
}
