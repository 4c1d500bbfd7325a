import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ConsignmentForm } from '../components/ConsignmentForm/ConsignmentForm.tsx';
import { SellingBenefits } from '../components/SellingBenefits/SellingBenefits.tsx';
import { pageTitle, useDocumentMeta } from '../lib/use-document-meta.ts';
import classes from './-sellingwine.module.css';

export const Route = createFileRoute('/sellingwine')({ component: SellingWinePage });

/**
 * seeds 000 §2.1 /sellingwine: the sell-your-wine page: a hero, the four benefit cards (§2.2) and the
 * consignment enquiry, mailed to the merchant's selling inbox.
 */
function SellingWinePage() {
  const { t } = useTranslation();
  useDocumentMeta({ title: pageTitle(t('ui.enquiries.selling.pageTitle')) });
  return (
    <>
      <section className={classes.hero} aria-labelledby="selling-title">
        <Container size="lg">
          <Stack gap="md" align="flex-start">
            <Text className={classes.eyebrow}>{t('ui.enquiries.selling.eyebrow')}</Text>
            <Title order={1} id="selling-title" className={classes.title} c="white">
              {t('ui.enquiries.selling.title')}
            </Title>
            <Text className={classes.intro}>{t('ui.enquiries.selling.intro')}</Text>
            <Button component="a" href="#consignment" color="gold.6" c="black" size="md">
              {t('ui.enquiries.selling.cta')}
            </Button>
          </Stack>
        </Container>
      </section>
      <Container size="lg" py="xl">
        <Stack gap="xl">
          <SellingBenefits />
          <Paper withBorder p={{ base: 'md', sm: 'xl' }} id="consignment" maw={860} w="100%" mx="auto">
            <ConsignmentForm />
          </Paper>
        </Stack>
      </Container>
    </>
  );
}
