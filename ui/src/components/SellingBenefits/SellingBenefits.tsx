import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './SellingBenefits.module.css';

/** The four benefit cards of the sell-your-wine page, in the seeds' order (seeds 000 §2.2). */
const BENEFITS = [
  {
    key: 'appraisal',
    title: 'ui.staticPages.benefits.appraisal.title',
    text: 'ui.staticPages.benefits.appraisal.text',
  },
  {
    key: 'markets',
    title: 'ui.staticPages.benefits.markets.title',
    text: 'ui.staticPages.benefits.markets.text',
  },
  {
    key: 'visibility',
    title: 'ui.staticPages.benefits.visibility.title',
    text: 'ui.staticPages.benefits.visibility.text',
  },
  {
    key: 'logistics',
    title: 'ui.staticPages.benefits.logistics.title',
    text: 'ui.staticPages.benefits.logistics.text',
  },
] as const;

/**
 * Why sell through the merchant: Free Professional Appraisal, Access to Markets, 24/7 Visibility and
 * Logistics. One column on phones, two on tablets, four on desktop.
 */
export function SellingBenefits() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="selling-benefits-heading" className={classes.section}>
      <Title order={2} id="selling-benefits-heading" className={classes.heading}>
        {t('ui.staticPages.benefits.heading')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg" component="ul" className={classes.list}>
        {BENEFITS.map(({ key, title, text }) => (
          <Card key={key} component="li" withBorder radius="md" padding="lg" className={classes.card}>
            <Title order={3} className={classes.title}>
              {t(title)}
            </Title>
            <Text size="sm" c="dimmed" mt="xs">
              {t(text)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}
