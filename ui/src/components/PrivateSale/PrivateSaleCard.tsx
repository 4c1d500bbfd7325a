import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { InvitePrivateSaleInput, type PrivateSaleGuest, type PrivateSaleInvitations } from '@wine/contracts';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { callForMessage, errorMessage } from '../../api/client.ts';
import { invalidateAction } from '../../api/queries.ts';
import { formatDateTime } from '../../lib/format.ts';
import { TextArea } from '../FormFields/TextArea.tsx';
import { QueryState } from '../QueryState/QueryState.tsx';
import classes from './PrivateSale.module.css';
import { parseEmails, privateSaleGuestsQuery } from './private-sale.ts';

const joinedByLabel = {
  invite: 'ui.privateSale.joinedBy.invite',
  link: 'ui.privateSale.joinedBy.link',
} as const satisfies Record<PrivateSaleGuest['joined_by'], `ui.${string}`>;

/**
 * Issue 36 §5, on the admin's page of a private lot: the buyers who may see and buy it (invited, or
 * joined by a mailed link), the links mailed, and the form that invites more.
 */
export function PrivateSaleCard({ id }: { id: string }) {
  const { t } = useTranslation();
  const guests = useQuery(privateSaleGuestsQuery(id));
  return (
    <Card withBorder component="section" aria-labelledby="private-sale" data-testid="private-sale-card">
      <Title order={2} fz="lg" id="private-sale" mb={4}>
        {t('ui.privateSale.guestsTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('ui.privateSale.guestsIntro')}
      </Text>
      <QueryState query={guests} label={t('ui.privateSale.guestsLoading')} error="alert">
        {(data) => (
          <Stack gap="xs">
            {data.records.length === 0 ? (
              <Text size="sm" data-testid="private-sale-no-guests">
                {t('ui.privateSale.noGuests')}
              </Text>
            ) : (
              <Stack
                component="ul"
                gap={0}
                m={0}
                p={0}
                style={{ listStyle: 'none' }}
                aria-label={t('ui.privateSale.guestsTable')}
              >
                {data.records.map((guest) => (
                  <Group
                    component="li"
                    key={guest.user_id}
                    justify="space-between"
                    align="flex-start"
                    gap="xs"
                    py={6}
                    className={classes.guest}
                    data-testid="private-sale-guest"
                  >
                    <div className={classes.who}>
                      <Text size="sm" fw={600} data-testid="guest-name">
                        {guest.name || guest.user_id}
                      </Text>
                      <Text size="xs" c="dimmed" className={classes.email} data-testid="guest-email">
                        {guest.email}
                      </Text>
                    </div>
                    <Group gap="xs" wrap="nowrap">
                      <Badge size="sm" variant="light" color={guest.joined_by === 'link' ? 'blue' : 'gray'}>
                        {t(joinedByLabel[guest.joined_by])}
                      </Badge>
                      <Text size="xs" c="dimmed" data-testid="guest-since">
                        {t('ui.privateSale.since', { at: formatDateTime(guest.at) })}
                      </Text>
                    </Group>
                  </Group>
                ))}
              </Stack>
            )}
            <Text size="sm" c="dimmed" data-testid="private-sale-links">
              {t('ui.privateSale.linksSent', { n: data.links_sent })}
            </Text>
          </Stack>
        )}
      </QueryState>
      <InviteBuyersForm id={id} />
    </Card>
  );
}

interface InviteValues {
  emails: string;
}

/**
 * The invitation's addresses, one a line or comma-separated, checked by the contract's schema before
 * anything is sent; the answer says how many buyers were invited and how many links were mailed.
 */
export function InviteBuyersForm({ id }: { id: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [answer, setAnswer] = useState<PrivateSaleInvitations | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<InviteValues, unknown, InvitePrivateSaleInput>({
    defaultValues: { emails: '' },
    resolver: inviteResolver(id, (list) => t('ui.privateSale.notEmails', { list })),
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;

  const send = async (input: InvitePrivateSaleInput) => {
    setFailure(null);
    setAnswer(null);
    try {
      const { responseData } = await callForMessage('invitePrivateSale', input);
      setAnswer(responseData);
      form.reset();
      await invalidateAction(queryClient, 'privateSaleGuests', { id });
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  const title = t('ui.privateSale.inviteTitle');
  return (
    <form onSubmit={(event) => void handleSubmit(send)(event)} noValidate aria-label={title}>
      <Stack gap="sm" mt="md">
        <Title order={3} fz="md">
          {title}
        </Title>
        <TextArea
          label={t('ui.privateSale.emails')}
          description={t('ui.privateSale.emailsHint')}
          autoComplete="off"
          spellCheck={false}
          {...register('emails')}
          error={errors.emails?.message}
          data-testid="invite-emails"
        />
        {answer ? (
          <Alert color="green" role="status" data-testid="invite-result">
            {t('ui.privateSale.invited', { invited: answer.invited, links: answer.links })}
          </Alert>
        ) : null}
        {failure ? (
          <Alert color="red" role="alert" data-testid="invite-failure">
            {failure}
          </Alert>
        ) : null}
        <Button
          type="submit"
          loading={isSubmitting}
          w={{ base: '100%', xs: 'auto' }}
          data-testid="invite-send"
        >
          {t('ui.privateSale.invite')}
        </Button>
      </Stack>
    </form>
  );
}

/** The typed addresses as the invitation's input, or the words that are not addresses under the field. */
function inviteResolver(
  id: string,
  notEmails: (list: string) => string,
): Resolver<InviteValues, unknown, InvitePrivateSaleInput> {
  return async (values) => {
    const { emails, invalid } = parseEmails(values.emails);
    const input: InvitePrivateSaleInput = { id, user_ids: [], emails };
    // The contract's own check: at least one address, at most 500.
    const parsed = invalid.length ? null : InvitePrivateSaleInput.safeParse(input);
    if (parsed?.success) return { values: input, errors: {} as Record<string, never> };
    const message = parsed ? (parsed.error.issues[0]?.message ?? '') : notEmails(invalid.join(', '));
    return { values: {}, errors: { emails: { type: 'validate', message } } };
  };
}
