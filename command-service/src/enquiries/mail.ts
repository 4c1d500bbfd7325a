import { defaultLanguage, type Photo, type PhotoType, tIn } from '@wine/contracts';
import type { ConsignmentEnquiryReceived, ContactEnquiryReceived } from '@wine/event-schemas';
import type { MailMessage } from '@wine/platform';
import type { z } from 'zod';

type ContactData = z.infer<typeof ContactEnquiryReceived.schema>;
type ConsignmentData = z.infer<typeof ConsignmentEnquiryReceived.schema>;

// The merchant's inbox reads the merchant's language, whatever the visitor's was.
const t = (key: Parameters<typeof tIn>[1], options?: Parameters<typeof tIn>[2]) =>
  tIn(defaultLanguage, key, options);

/**
 * The visitor's own words, quoted as typed. The mail is text/plain only (the Mailer sends no HTML
 * part), so markup in a message is shown as characters and never rendered: it needs no escaping, and
 * escaping it would corrupt "I <3 Barolo" for the reader.
 */
const quoted = (text: string) => text.split('\n').map((line) => `> ${line}`);

/** The mail a contact enquiry sends to the merchant's general inbox. */
export function contactEnquiryMail(enquiryId: string, data: ContactData): MailMessage {
  return {
    to: data.to,
    subject: t('enquiries.mailContactSubject', { subject: data.subject }),
    text: [
      t('enquiries.mailContactIntro', { name: data.name }),
      '',
      t('enquiries.mailFrom', { name: data.name, email: data.email }),
      ...(data.phone ? [t('enquiries.mailPhone', { phone: data.phone })] : []),
      '',
      t('enquiries.mailMessage'),
      ...quoted(data.message),
      '',
      t('enquiries.mailReference', { id: enquiryId }),
    ].join('\n'),
  };
}

const storageText = (data: ConsignmentData) =>
  data.storage === 'professional'
    ? t('enquiries.storageProfessional')
    : data.storage === 'home'
      ? t('enquiries.storageHome')
      : t('enquiries.storageOtherPlace', { place: data.storageOther ?? '' });

const extensions: Record<PhotoType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/**
 * An attachment's name is the server's, never the sender's (issue 30): `photo-<n>.<ext>` from the type
 * the bytes were sniffed to be (the schema holds the declared type to it), so no name a visitor
 * chose (`invoice.pdf.exe`, a bidi-reversed one) reaches the merchant's mail client.
 */
export const photoFileName = (index: number, type: PhotoType) => `photo-${index + 1}.${extensions[type]}`;

/** The mail a consignment enquiry sends to the merchant's selling inbox, the photos attached. */
export function consignmentEnquiryMail(
  enquiryId: string,
  data: ConsignmentData,
  photos: readonly Photo[],
): MailMessage {
  return {
    to: data.to,
    subject: t('enquiries.mailConsignmentSubject', { name: data.name }),
    text: [
      t('enquiries.mailConsignmentIntro', { name: data.name }),
      '',
      t('enquiries.mailFrom', { name: data.name, email: data.email }),
      t('enquiries.mailPhone', { phone: data.phone }),
      t('enquiries.mailBottles', { bottles: data.bottles }),
      t('enquiries.mailStorage', { storage: storageText(data) }),
      '',
      t('enquiries.mailWines'),
      ...quoted(data.wines),
      '',
      photos.length > 0 ? t('enquiries.mailPhotos', { count: photos.length }) : t('enquiries.mailNoPhotos'),
      t('enquiries.mailReference', { id: enquiryId }),
    ].join('\n'),
    ...(photos.length > 0 && {
      attachments: photos.map((p, index) => ({
        filename: photoFileName(index, p.type),
        contentType: p.type,
        content: p.data,
        encoding: 'base64' as const,
      })),
    }),
  };
}
