import { Card, Container, SimpleGrid, Text, Title } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { currentUserAtom } from '../../state/session.ts';
import { ButtonLink } from '../ButtonLink.tsx';
import { StaffToday } from './StaffToday.tsx';
import { staffSectionTexts } from './staff-section-texts.ts';
import { staffSectionsFor } from './staff-sections.ts';

/** /admin: a card for each section the user's roles open, with what it is for. */
export function StaffHome() {
  const { t } = useTranslation();
  const user = useAtomValue(currentUserAtom);
  const sections = user ? staffSectionsFor(user) : [];
  return (
    <Container py="xl">
      <Title order={1}>{t('ui.staff.title')}</Title>
      <Text c="dimmed" mb="lg">
        {t('ui.staff.intro')}
      </Text>
      {user ? <StaffToday user={user} /> : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {sections.map((section) => (
          <Card key={section.key} withBorder data-testid={`staff-section-${section.key}`}>
            <Title order={2} fz="lg">
              {t(staffSectionTexts[section.key].label)}
            </Title>
            <Text size="sm" c="dimmed" my="sm" style={{ flexGrow: 1 }}>
              {t(staffSectionTexts[section.key].hint)}
            </Text>
            <ButtonLink to={section.to} variant="light">
              {t('ui.staff.open', { name: t(staffSectionTexts[section.key].label) })}
            </ButtonLink>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}
