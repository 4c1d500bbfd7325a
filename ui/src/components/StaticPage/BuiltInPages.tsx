import { Anchor, Container, List, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { company as known, useCompany } from '../../config/company.ts';
import { useOpeningHours } from '../../lib/opening-hours.ts';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';
import classes from './StaticPage.module.css';

/**
 * A detail of the merchant's configuration (config/company.ts) that not every deployment sets yet:
 * fax and the general and selling e-mail addresses.
 */
const detail = (name: string): string | undefined => {
  const value = (known as Readonly<Record<string, unknown>>)[name];
  return typeof value === 'string' && value ? value : undefined;
};

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** seeds 000 §2.1 /privacy-policy: the built-in privacy and accessibility text (seeds 000 §2.2). */
export function PrivacyAccessibility() {
  const { t } = useTranslation();
  const company = useCompany();
  useDocumentMeta({ title: pageTitle(t('ui.staticPages.privacy.title')) });
  const email = detail('generalEmail') ?? company.email;
  return (
    <Container size="md" py="xl" className={classes.page}>
      <article aria-labelledby="privacy-title" className={classes.content}>
        <Title order={1} id="privacy-title" mb="lg">
          {t('ui.staticPages.privacy.title')}
        </Title>
        <Title order={2}>{t('ui.staticPages.privacy.heading')}</Title>
        <p>{t('ui.staticPages.privacy.orders')}</p>
        <p>{t('ui.staticPages.privacy.browsing')}</p>
        <p>{t('ui.staticPages.privacy.thirdParty')}</p>
        <p>{t('ui.staticPages.privacy.noSelling')}</p>
        <p>{t('ui.staticPages.privacy.changes')}</p>
        <Title order={2}>{t('ui.staticPages.privacy.accessibilityHeading')}</Title>
        <p>{t('ui.staticPages.privacy.accessibility')}</p>
        <List>
          <List.Item>
            <Anchor href={company.phoneHref}>
              {t('ui.staticPages.privacy.call', { phone: company.phone })}
            </Anchor>
          </List.Item>
          <List.Item>
            <Anchor href={`mailto:${email}?subject=${encodeURIComponent('Disabled Access')}`}>
              {t('ui.staticPages.privacy.email', { email })}
            </Anchor>
          </List.Item>
        </List>
      </article>
    </Container>
  );
}

/** seeds 000 §2.1 /contact-us: the built-in contact text (seeds 000 §2.2). */
export function ContactDetails() {
  const { t } = useTranslation();
  const company = useCompany();
  const hours = useOpeningHours(company.openingHours);
  useDocumentMeta({ title: pageTitle(t('ui.staticPages.contact.title')) });
  const fax = detail('fax');
  const email = detail('generalEmail') ?? company.email;
  const sellingEmail = detail('sellingEmail') ?? email;
  const rows: { label: string; value: ReactNode }[] = [
    {
      label: t('ui.staticPages.contact.address'),
      value: (
        <Anchor href={company.mapUrl} target="_blank" rel="noopener noreferrer">
          {company.address}
        </Anchor>
      ),
    },
    {
      label: t('ui.staticPages.contact.phone'),
      value: <Anchor href={company.phoneHref}>{company.phone}</Anchor>,
    },
    ...(fax
      ? [{ label: t('ui.staticPages.contact.fax'), value: <Anchor href={telHref(fax)}>{fax}</Anchor> }]
      : []),
    { label: t('ui.staticPages.contact.email'), value: <Anchor href={`mailto:${email}`}>{email}</Anchor> },
    {
      label: t('ui.staticPages.contact.sellingEmail'),
      value: <Anchor href={`mailto:${sellingEmail}`}>{sellingEmail}</Anchor>,
    },
    { label: t('ui.staticPages.contact.hours'), value: hours },
  ];
  return (
    <Container size="md" py="xl" className={classes.page}>
      <Stack gap="lg">
        <Title order={1}>{t('ui.staticPages.contact.title')}</Title>
        <Text>{t('ui.staticPages.contact.intro')}</Text>
        <Table variant="vertical" withTableBorder layout="fixed" data-testid="contact-details">
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.label}>
                <Table.Th scope="row" w={200}>
                  {row.label}
                </Table.Th>
                <Table.Td>{row.value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Container>
  );
}
