import { Container, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { staffLotQuery } from '../../api/queries.ts';
import { PrivateSaleCard } from '../../components/PrivateSale/PrivateSaleCard.tsx';
import { QueryState } from '../../components/QueryState/QueryState.tsx';
import { LotBids } from '../../components/StaffLots/LotBids.tsx';
import { LotEditor } from '../../components/StaffLots/LotEditor.tsx';
import { LotOffersCard } from '../../components/StaffLots/LotOffersCard.tsx';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';
import { useServerNowOnce } from '../../state/clock.ts';

/**
 * /admin/lots/:id (admins): one lot's editor, its reserve included; its offers (and the second chance),
 * a private sale's guests and invitations (issue 36), and an auction lot's bids. It asks nothing before
 * the staff area knows the role.
 */
export const Route = createFileRoute('/_auth/admin/lots/$id')({
  component: EditLotPage,
});

function EditLotPage() {
  const { t } = useTranslation();
  const { id } = Route.useParams();
  const lot = useQuery(staffLotQuery(id));
  const now = useServerNowOnce();
  useDocumentMeta({ title: pageTitle(lot.data?.fields.title ?? t('ui.staff.editor.editTitle')) });
  return (
    <QueryState query={lot} label={t('ui.staff.editor.loading')} error="page">
      {(data) => (
        <>
          <LotEditor key={`${data.id}:${data.changedAt}`} lot={data} now={now} />
          <Container size="lg" pb="xl">
            <Stack gap="lg">
              <LotOffersCard lot={data} />
              {data.fields.privateSale ? <PrivateSaleCard id={data.id} /> : null}
            </Stack>
          </Container>
          {data.fields.auction ? <LotBids lot={data} /> : null}
        </>
      )}
    </QueryState>
  );
}
