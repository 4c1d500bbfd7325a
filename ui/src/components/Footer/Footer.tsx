import { Anchor, Container, SimpleGrid, Stack, Text } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { type FooterLinkId, footerLinks } from '@wine/contracts';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompany } from '../../config/company.ts';
import { useOpeningHours } from '../../lib/opening-hours.ts';
import { useEver } from '../../lib/use-ever.ts';
import classes from './Footer.module.css';

/**
 * The newsletter form (its field and button) loads as the footer comes near the viewport: it is the
 * last thing on every page, so the first load of a page does not carry it (issue 11).
 */
const Newsletter = lazy(() => import('./Newsletter.tsx').then((module) => ({ default: module.Newsletter })));

function NewsletterWhenNear() {
  const { ref, entry } = useIntersection({ rootMargin: '600px 0px' });
  const near = useEver(entry?.isIntersecting === true);
  return (
    <div ref={ref} className={classes.newsletterForm}>
      {near && (
        <Suspense fallback={null}>
          <Newsletter />
        </Suspense>
      )}
    </div>
  );
}

const linkLabels = {
  terms: 'ui.footer.terms',
  delivery: 'ui.footer.delivery',
  contact: 'ui.footer.contact',
  privacy: 'ui.footer.privacy',
} as const satisfies Record<FooterLinkId, string>;

/**
 * seeds 000 §2.6: the footer on every page: the tagline, the merchant's map, mailto, tel and social
 * links, the page links (getFooterLinks answers the same list, `footerLinks` in contracts), the
 * newsletter and the copyright line with the current year.
 */
export function Footer() {
  const company = useCompany();
  const hours = useOpeningHours(company.openingHours);
  const { t } = useTranslation();
  const newTab = t('ui.footer.opensNewTab');
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xl" verticalSpacing="xl">
          <Stack gap={6} component="address" className={classes.address}>
            <Text className={classes.tagline}>{t('ui.company.tagline')}</Text>
            <Text component="h2" className={classes.heading}>
              {t('ui.footer.contactDetails')}
            </Text>
            <Anchor
              href={company.mapUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={classes.link}
              aria-label={`${company.address} ${newTab}`}
            >
              {company.address}
            </Anchor>
            <Anchor href={company.phoneHref} className={classes.link}>
              {company.phone}
            </Anchor>
            <Anchor href={`mailto:${company.email}`} className={classes.link}>
              {company.email}
            </Anchor>
            <Text size="sm">{hours}</Text>
          </Stack>
          <nav aria-label={t('ui.footer.nav')}>
            <Text component="h2" className={classes.heading}>
              {t('ui.footer.information')}
            </Text>
            <ul className={classes.list}>
              {footerLinks.map((l) => (
                <li key={l.id}>
                  <Anchor component={Link} to={l.path} className={classes.link}>
                    {t(linkLabels[l.id])}
                  </Anchor>
                </li>
              ))}
            </ul>
            <Text component="h2" className={classes.heading} mt="lg">
              {t('ui.footer.social')}
            </Text>
            <ul className={classes.list}>
              {company.socials.map((s) => (
                <li key={s.url}>
                  <Anchor
                    href={s.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={classes.link}
                    aria-label={`${s.label} ${newTab}`}
                  >
                    {s.label}
                  </Anchor>
                </li>
              ))}
            </ul>
          </nav>
          <div className={classes.newsletter}>
            <Text component="h2" className={classes.heading}>
              {t('ui.footer.newsletter')}
            </Text>
            <Text size="sm" mb="xs">
              {t('ui.footer.newsletterBlurb')}
            </Text>
            <NewsletterWhenNear />
          </div>
        </SimpleGrid>
        <Text className={classes.bottom} data-testid="copyright">
          {t('ui.company.copyright', { year: new Date().getFullYear(), shop: company.name })}
        </Text>
      </Container>
    </footer>
  );
}
