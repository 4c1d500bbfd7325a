import { defaultPickupLocation, type Language, setLanguageSource } from '@wine/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { appointmentMail } from './confirmation-mail.ts';

const record = {
  appointmentId: 'AP-1',
  invoiceId: 'A-lot-1',
  status: 'booked' as const,
  startsAt: '2026-11-23T15:30:00.000Z',
  endsAt: '2026-11-23T16:00:00.000Z',
  sequence: 0,
  updatedAt: '2026-11-22T18:00:00.000Z',
};
const where = {
  location: defaultPickupLocation,
  timeZone: 'America/Chicago',
  invoiceUrl: 'https://wine.example/invoice/A-lot-1',
};
const speak = (language: Language) => setLanguageSource(() => language);
afterEach(() => speak('en'));

describe('the pickup confirmation mail', () => {
  it('says when and where in Chicago time, links the invoice and attaches the calendar event', () => {
    const mail = appointmentMail('booked', record, { email: 'ann@example.com', firstName: 'Ann' }, where);
    expect(mail.to).toBe('ann@example.com');
    expect(mail.subject).toBe('Your pickup appointment: Monday, November 23, 2026 at 9:30 AM');
    expect(mail.text.split('\n')).toEqual([
      'Hello Ann,',
      '',
      'Your pickup of invoice A-lot-1 is booked for Monday, November 23, 2026 at 9:30 AM (Chicago time).',
      'Where: Fine Wine Auctions - Chicago, 1000 W Fulton Market, Chicago, IL 60607. Questions: +1 (312) 555-0100.',
      'Open the attached calendar file to add it to your calendar.',
      'To change or cancel it, open your invoice: https://wine.example/invoice/A-lot-1',
    ]);
    const [file] = mail.attachments ?? [];
    expect(file?.filename).toBe('pickup-A-lot-1.ics');
    expect(file?.contentType).toBe('text/calendar; charset=utf-8');
    expect(file?.content).toContain('DTSTART:20261123T153000Z');
    expect(file?.content).toContain('STATUS:CONFIRMED');
  });

  it('speaks the buyer’s language, and cancels the calendar event when the pickup is cancelled', () => {
    speak('es');
    const mail = appointmentMail(
      'cancelled',
      { ...record, status: 'cancelled', sequence: 1 },
      { email: 'ana@example.com', firstName: 'Ana' },
      where,
    );
    expect(mail.subject).toBe('Su cita de recogida está cancelada');
    expect(mail.text).toContain('La recogida de la factura A-lot-1 del lunes, 23 de noviembre de 2026');
    expect(mail.attachments?.[0]?.content).toContain('STATUS:CANCELLED');
    expect(mail.attachments?.[0]?.content).toContain('SEQUENCE:1');
  });
});
