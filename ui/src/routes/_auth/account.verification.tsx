import { Stack } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { AccountSettings } from '../../components/AccountSettings/AccountSettings.tsx';
import { BidLimit } from '../../components/BidLimit/BidLimit.tsx';
import { CompanyOwners } from '../../components/CompanyOwners/CompanyOwners.tsx';
import { IdentityCheck } from '../../components/IdentityCheck/IdentityCheck.tsx';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';
import { currentUserAtom } from '../../state/session.ts';

export const Route = createFileRoute('/_auth/account/verification')({ component: VerificationPage });

/**
 * seeds 001 §1 "Bidders can complete identity checks (KYC)": the identity check, the bid limit and,
 * for a business, its owners.
 */
function VerificationPage() {
  const user = useAtomValue(currentUserAtom);
  const { t } = useTranslation();
  useDocumentMeta({ title: pageTitle(t('ui.accountPages.verification')) });
  // The protected layout renders this only for a validated user.
  if (!user) return null;
  return (
    <AccountSettings title={t('ui.accountPages.verification')}>
      <Stack gap="lg">
        <IdentityCheck user={user} />
        <BidLimit user={user} />
        <CompanyOwners />
      </Stack>
    </AccountSettings>
  );
}
