import { Anchor, Container, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactForm } from '../components/ContactForm/ContactForm.tsx';
import { useCompany } from '../config/company.ts';
import { useOpeningHours } from '../lib/opening-hours.ts';
import { pageTitle, useDocumentMeta } from '../lib/use-document-meta.ts';

export const Route = createFileRoute('/contact')({ component: ContactPage });

const faxHref = (fax: string) => `tel:${fax.replace(/[^\d+]/g, '')}`;

/**
 * seeds 000 §2.1 /contact: the merchant's business hours, address (with a map link), phone, fax and
 * e-mail addresses, and a form that sends an enquiry to the merchant's inbox (001 §7 submitContactUs).
 */
function ContactPage() {
  const company = useCompany();
  const { t } = useTranslation();
  const hours = useOpeningHours(company.openingHours);
  useDocumentMeta({ title: pageTitle(t('ui.enquiries.contact.pageTitle')) });
  const details: { label: string; value: ReactNode }[] = [
    { label: t('ui.enquiries.contact.hours'), value: hours },
    {
      label: t('ui.enquiries.contact.address'),
      value: (
        <>
          {company.address}
          <br />
          <Anchor href={company.mapUrl} target="_blank" rel="noopener noreferrer">
            {t('ui.enquiries.contact.map')}
          </Anchor>
        </>
      ),
    },
    {
      label: t('ui.enquiries.contact.phone'),
      value: <Anchor href={company.phoneHref}>{company.phone}</Anchor>,
    },
    {
      label: t('ui.enquiries.contact.fax'),
      value: <Anchor href={faxHref(company.fax)}>{company.fax}</Anchor>,
    },
    {
      label: t('ui.enquiries.contact.emailGeneral'),
      value: <Anchor href={`mailto:${company.emailGeneral}`}>{company.emailGeneral}</Anchor>,
    },
    {
      label: t('ui.enquiries.contact.emailSelling'),
      value: <Anchor href={`mailto:${company.emailSelling}`}>{company.emailSelling}</Anchor>,
    },
  ];
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('ui.enquiries.contact.title')}</Title>
        <Text maw={720}>{t('ui.enquiries.contact.intro')}</Text>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder p="lg" component="address" style={{ fontStyle: 'normal' }}>
              <dl style={{ margin: 0, display: 'grid', gap: 'var(--mantine-spacing-sm)' }}>
                {details.map((d) => (
                  <div key={d.label}>
                    <Text component="dt" fw={600} size="sm">
                      {d.label}
                    </Text>
                    <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
                      {d.value}
                    </Text>
                  </div>
                ))}
              </dl>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Paper withBorder p="lg">
              <ContactForm />
            </Paper>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
