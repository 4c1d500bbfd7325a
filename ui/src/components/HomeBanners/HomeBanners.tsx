import { Container, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { BANNER_IMAGE_PATH, type HomeBanner } from '@wine/contracts';
import { useTranslation } from 'react-i18next';
import { useDefaultBundle } from '../../state/defaults.ts';
import classes from './HomeBanners.module.css';

function Banner({ banner, first }: { banner: HomeBanner; first: boolean }) {
  return (
    <article className={classes.banner}>
      {banner.image ? (
        // Decoration behind the banner's real text: empty alt, sized so nothing shifts when it loads.
        <img
          className={classes.image}
          src={`${BANNER_IMAGE_PATH}${encodeURIComponent(banner.image)}`}
          alt=""
          width={1200}
          height={400}
          // The first banner is often the largest thing on a phone's first screen: not lazy.
          loading={first ? 'eager' : 'lazy'}
          decoding="async"
        />
      ) : null}
      <div className={classes.text}>
        <Title order={2} className={classes.title} c="white">
          {banner.title}
        </Title>
        {banner.subtitle ? <Text className={classes.subtitle}>{banner.subtitle}</Text> : null}
        {banner.link && banner.link_label ? (
          <Link to={banner.link} className={classes.link}>
            {banner.link_label}
          </Link>
        ) : null}
      </div>
    </article>
  );
}

/** seeds 000 §3.2 "home banners (only active ones)": the banners of the default bundle, in their order. */
export function HomeBanners() {
  const { t } = useTranslation();
  const bundle = useDefaultBundle();
  const banners = bundle.state === 'hasData' ? (bundle.data.home_banners ?? []) : [];
  if (banners.length === 0) return null;
  return (
    <Container pt="xl" component="section" aria-label={t('ui.siteNav.banners')} data-testid="home-banners">
      <SimpleGrid cols={{ base: 1, sm: Math.min(banners.length, 3) }} spacing="md">
        {banners.map((banner, i) => (
          <Banner key={banner.id} banner={banner} first={i === 0} />
        ))}
      </SimpleGrid>
    </Container>
  );
}
