import type { EnquiryEvent } from '@wine/event-schemas';
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../core/decider-spec.ts';
import { enquiryDecider } from './enquiry.ts';
import { consignmentEnquiryMail, contactEnquiryMail } from './mail.ts';

const spec = deciderSpec(enquiryDecider);
const contact = {
  enquiryId: 'enq-1',
  name: 'Ann Collector',
  email: 'ann@example.com',
  subject: 'Visiting the shop',
  message: 'Hello,\nCan I visit on Friday? <b>urgent</b>',
  to: 'info@example.com',
};
const consignment = {
  enquiryId: 'enq-2',
  wines: '12 bottles of 1996 Krug',
  bottles: 12,
  storage: 'other' as const,
  storageOther: 'A bonded warehouse in Lyon',
  name: 'Bob Seller',
  email: 'bob@example.com',
  phone: '312 555 0199',
  photos: [{ name: 'label.jpg', type: 'image/jpeg', bytes: 1234 }],
  to: 'selling@example.com',
};
const received: EnquiryEvent = { type: 'ContactEnquiryReceived', data: contact };

describe('an enquiry', () => {
  it('is received once', () => {
    spec([]).when({ type: 'ReceiveContactEnquiry', data: contact }).then([received]);
    spec([])
      .when({ type: 'ReceiveConsignmentEnquiry', data: consignment })
      .then([{ type: 'ConsignmentEnquiryReceived', data: consignment }]);
  });

  it('records nothing when its stream already holds it', () => {
    spec([received]).when({ type: 'ReceiveContactEnquiry', data: contact }).then([]);
  });
});

describe('the merchant’s mail', () => {
  it('quotes the contact message as typed, in a text-only mail to the general inbox', () => {
    const mail = contactEnquiryMail('enq-1', contact);
    expect(mail.to).toBe('info@example.com');
    expect(mail.subject).toBe('Contact enquiry: Visiting the shop');
    expect(mail.text).toContain('From: Ann Collector <ann@example.com>');
    expect(mail.text).toContain('> Hello,\n> Can I visit on Friday? <b>urgent</b>');
    expect(mail).not.toHaveProperty('html');
    expect(mail.text).not.toContain('Phone:');
  });

  it('attaches the photos of a consignment enquiry and says where the wines are', () => {
    const photo = { name: 'label.jpg', type: 'image/jpeg' as const, data: '/9j/4AAQ' };
    const mail = consignmentEnquiryMail('enq-2', consignment, [photo]);
    expect(mail.to).toBe('selling@example.com');
    expect(mail.text).toContain('Bottles: 12');
    expect(mail.text).toContain('Stored: Other: A bonded warehouse in Lyon');
    expect(mail.text).toContain('Photos attached: 1');
    expect(mail.attachments).toEqual([
      { filename: 'photo-1.jpg', contentType: 'image/jpeg', content: '/9j/4AAQ', encoding: 'base64' },
    ]);
    expect(consignmentEnquiryMail('enq-2', { ...consignment, photos: [] }, []).attachments).toBeUndefined();
  });
});
