import { Anchor, Container, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { company } from '../../config/company.ts';
import classes from './Footer.module.css';
import { Newsletter } from './Newsletter.tsx';

// seeds 000 §2.1 / §2.2: these pages arrive with the static-pages issue; plain links until then.
const links = [
  { href: '/terms-conditions', label: 'ui.footer.terms' },
  { href: '/delivery', label: 'ui.footer.delivery' },
  { href: '/contact-us', label: 'ui.footer.contact' },
  { href: '/privacy-policy', label: 'ui.footer.privacy' },
] as const;

/** seeds 000 §2.6: the footer on every page. */
export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className={classes.footer}>
      <Container>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap="xs">
            <Text className={classes.tagline}>{t('ui.company.tagline')}</Text>
            <Anchor href={company.mapUrl} target="_blank" rel="noopener noreferrer" className={classes.link}>
              {company.address}
            </Anchor>
            <Anchor href={`mailto:${company.email}`} className={classes.link}>
              {company.email}
            </Anchor>
            <Anchor href={company.phoneHref} className={classes.link}>
              {company.phone}
            </Anchor>
            <Anchor
              href={company.social.url}
              target="_blank"
              rel="noopener noreferrer"
              className={classes.link}
            >
              {company.social.label}
            </Anchor>
          </Stack>
          <nav aria-label={t('ui.footer.nav')}>
            <Text component="h2" className={classes.heading}>
              {t('ui.footer.information')}
            </Text>
            <ul className={classes.list}>
              {links.map((l) => (
                <li key={l.href}>
                  <Anchor href={l.href} className={classes.link}>
                    {t(l.label)}
                  </Anchor>
                </li>
              ))}
            </ul>
          </nav>
          <div>
            <Text component="h2" className={classes.heading}>
              {t('ui.footer.newsletter')}
            </Text>
            <Text size="sm" mb="xs">
              {t('ui.footer.newsletterBlurb')}
            </Text>
            <Newsletter />
          </div>
        </SimpleGrid>
        <Text className={classes.bottom} data-testid="copyright">
          {t('ui.company.copyright', { year: new Date().getFullYear(), shop: company.name })}
        </Text>
      </Container>
    </footer>
  );
}
