import { Card, List, Table, Text, Title } from '@mantine/core';
import type { InvoiceDetail } from '@wine/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format.ts';
import { DateTime } from '../DateTime/DateTime.tsx';
import { PhoneCards } from '../PhoneCards/PhoneCards.tsx';
import { AddressLines, PickupLocation } from '../PickupLocation/PickupLocation.tsx';

/** One block of the invoice (seeds 001 §3 "Invoice detail"): a titled card. */
export function Block({ name, title, children }: { name: string; title: string; children: ReactNode }) {
  return (
    <Card
      component="section"
      aria-labelledby={`block-${name}`}
      data-testid={`invoice-${name}`}
      className="invoice-block"
    >
      <Title order={2} fz={20} id={`block-${name}`} mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function None({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" size="sm">
      {children}
    </Text>
  );
}

export function AppointmentBlock({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation();
  const appointment = invoice.appointmentDetail;
  return (
    <Block name="appointment" title={t('ui.invoice.appointment')}>
      {appointment ? (
        <Text size="sm">
          {formatDateTime(appointment.starts_at)} – {formatDateTime(appointment.ends_at)}
        </Text>
      ) : (
        <None>{t('ui.invoice.noAppointment')}</None>
      )}
    </Block>
  );
}

export function LocationBlock({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation();
  return (
    <Block name="location" title={t('ui.invoice.location')}>
      <PickupLocation location={invoice.locationDetail} />
    </Block>
  );
}

export function CustomerBlock({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation();
  const { invoiceUser: user } = invoice;
  return (
    <Block name="user" title={t('ui.invoice.customer')}>
      <Text size="sm" fw={600}>
        {user.first_name} {user.last_name}
      </Text>
      <Text size="sm">{user.email}</Text>
    </Block>
  );
}

export function AddressBlocks({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation();
  return (
    <>
      <Block name="address" title={t('ui.invoice.deliveryAddress')}>
        {invoice.invoiceAddress ? (
          <AddressLines address={invoice.invoiceAddress} />
        ) : (
          <None>{t('ui.invoice.noDeliveryAddress')}</None>
        )}
      </Block>
      <Block name="billing" title={t('ui.invoice.billingAddress')}>
        {invoice.billingAddress ? (
          <AddressLines address={invoice.billingAddress} />
        ) : (
          <None>{t('ui.invoice.noBillingAddress')}</None>
        )}
      </Block>
    </>
  );
}

export function SellersBlock({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation();
  return (
    <Block name="sellers" title={t('ui.invoice.sellers')}>
      <List size="sm">
        {invoice.invoiceSeller.map((seller) => (
          <List.Item key={seller.id}>{seller.name}</List.Item>
        ))}
      </List>
    </Block>
  );
}

export function NotesBlock({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation();
  const notes = invoice.invoice_notes_public;
  return (
    <Block name="notes" title={t('ui.invoice.notes')}>
      {notes.length === 0 ? (
        <None>{t('ui.invoice.noNotes')}</None>
      ) : (
        <List size="sm" spacing={4}>
          {notes.map((note) => (
            <List.Item key={`${note.at}/${note.note}`}>
              <Text span c="dimmed" size="sm">
                {formatDateTime(note.at)}:{' '}
              </Text>
              {note.note}
            </List.Item>
          ))}
        </List>
      )}
    </Block>
  );
}

export function OrderLogBlock({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation();
  const log = invoice.orderControlLogs;
  return (
    <Block name="log" title={t('ui.invoice.log')}>
      {log.length === 0 ? (
        <None>{t('ui.invoice.noLog')}</None>
      ) : (
        <PhoneCards minWidth={520}>
          <Table verticalSpacing={4} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('ui.invoice.when')}</Table.Th>
                <Table.Th>{t('ui.invoice.what')}</Table.Th>
                <Table.Th>{t('ui.invoice.by')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.map((entry) => (
                <Table.Tr key={`${entry.at}/${entry.event}`} data-testid="log-entry">
                  <Table.Td>
                    <DateTime iso={entry.at} withTime />
                  </Table.Td>
                  <Table.Td>{entry.text}</Table.Td>
                  <Table.Td>{entry.by}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </PhoneCards>
      )}
    </Block>
  );
}
