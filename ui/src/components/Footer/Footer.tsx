import { Anchor, Container, SimpleGrid, Stack, Text } from '@mantine/core';
import { company } from '../../config/company.ts';
import classes from './Footer.module.css';
import { Newsletter } from './Newsletter.tsx';

// seeds 000 §2.1 / §2.2: these pages arrive with the static-pages issue; plain links until then.
const links = [
  { href: '/terms-conditions', label: 'Terms & Conditions' },
  { href: '/delivery', label: 'Delivery Collection & Storage' },
  { href: '/contact-us', label: 'Contact Us' },
  { href: '/privacy-policy', label: 'Privacy & Accessibility' },
];

/** seeds 000 §2.6: the footer on every page. */
export function Footer() {
  return (
    <footer className={classes.footer}>
      <Container>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap="xs">
            <Text className={classes.tagline}>{company.tagline}</Text>
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
          <nav aria-label="Footer">
            <Text component="h2" className={classes.heading}>
              Information
            </Text>
            <ul className={classes.list}>
              {links.map((l) => (
                <li key={l.href}>
                  <Anchor href={l.href} className={classes.link}>
                    {l.label}
                  </Anchor>
                </li>
              ))}
            </ul>
          </nav>
          <div>
            <Text component="h2" className={classes.heading}>
              Newsletter
            </Text>
            <Text size="sm" mb="xs">
              New arrivals and auction dates, once a week.
            </Text>
            <Newsletter />
          </div>
        </SimpleGrid>
        <Text className={classes.bottom} data-testid="copyright">
          © {new Date().getFullYear()} {company.name}. All rights reserved.
        </Text>
      </Container>
    </footer>
  );
}
