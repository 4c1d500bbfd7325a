import { describe, expect, it } from 'vitest';
import { ConsignmentInput, ContactUsInput, NewsletterInput } from './inputs.ts';
import { MerchantDetails } from './merchant.ts';
import { defaultMerchant } from './merchant-defaults.ts';
import { MAX_PHOTO_BYTES, Photo, sniffImageType } from './photos.ts';

const bytes = (...values: number[]) => Uint8Array.from(values);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, ...ascii('JFIF'), 0, 1);
const PNG = bytes(0x89, ...ascii('PNG'), 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d);
const WEBP = bytes(...ascii('RIFF'), 0x24, 0, 0, 0, ...ascii('WEBPVP8 '));
const SVG = bytes(...ascii('<svg xmlns="http://www.w3.org/2000/svg"></svg>'));
const base64 = (b: Uint8Array) => Buffer.from(b).toString('base64');

const consignment = {
  wines: 'Six bottles of 1990 Château Margaux',
  bottles: 6,
  storage: 'professional',
  name: 'Ann Collector',
  email: 'ann@example.com',
  phone: '(312) 555-0199',
};

describe('merchant details', () => {
  it('are valid configuration, with the seeds’ business hours and both inboxes', () => {
    expect(MerchantDetails.parse(defaultMerchant)).toEqual(defaultMerchant);
    expect(defaultMerchant.hours).toBe('Monday–Friday, 9:30 AM – 5:30 PM');
    expect(defaultMerchant.emailGeneral).not.toBe(defaultMerchant.emailSelling);
    expect(defaultMerchant.mapUrl).toContain('1000+W+Fulton+Market');
  });
});

describe('photos', () => {
  it('are known by their first bytes, not by their name or declared type', () => {
    expect(sniffImageType(JPEG)).toBe('image/jpeg');
    expect(sniffImageType(PNG)).toBe('image/png');
    expect(sniffImageType(WEBP)).toBe('image/webp');
    expect(sniffImageType(SVG)).toBeNull();
    expect(sniffImageType(bytes())).toBeNull();
  });

  it('refuse bytes that are not the declared type (an SVG or a script named .png)', () => {
    expect(Photo.safeParse({ name: 'a.png', type: 'image/png', data: base64(PNG) }).success).toBe(true);
    const svg = Photo.safeParse({ name: 'a.png', type: 'image/png', data: base64(SVG) });
    expect(svg.error?.issues[0]?.message).toBe('Photos must be JPEG, PNG or WebP images');
    expect(Photo.safeParse({ name: 'a.jpg', type: 'image/jpeg', data: base64(PNG) }).success).toBe(false);
    expect(Photo.safeParse({ name: 'a.svg', type: 'image/svg+xml', data: base64(SVG) }).success).toBe(false);
    expect(Photo.safeParse({ name: 'a.png', type: 'image/png', data: 'not base64!' }).success).toBe(false);
  });

  it('refuse a photo over 2 MB and a file name with a path', () => {
    const big = new Uint8Array(MAX_PHOTO_BYTES + 3);
    big.set(JPEG);
    const tooBig = Photo.safeParse({ name: 'big.jpg', type: 'image/jpeg', data: base64(big) });
    expect(tooBig.error?.issues[0]?.message).toBe('Each photo must be at most 2 MB');
    const exact = new Uint8Array(MAX_PHOTO_BYTES);
    exact.set(JPEG);
    expect(Photo.safeParse({ name: 'ok.jpg', type: 'image/jpeg', data: base64(exact) }).success).toBe(true);
    expect(
      Photo.safeParse({ name: '../../etc/passwd', type: 'image/jpeg', data: base64(JPEG) }).success,
    ).toBe(false);
  });
});

describe('enquiry inputs', () => {
  it('take a contact message with an optional phone, keeping its paragraphs', () => {
    const parsed = ContactUsInput.parse({
      name: ' Ann ',
      email: 'Ann@Example.com',
      subject: 'Visit',
      message: 'Hello\r\nCan I visit?',
    });
    expect(parsed).toEqual({
      name: 'Ann',
      email: 'ann@example.com',
      subject: 'Visit',
      message: 'Hello\nCan I visit?',
    });
    expect(ContactUsInput.safeParse({ ...parsed, phone: 'call me' }).success).toBe(false);
    expect(ContactUsInput.safeParse({ ...parsed, message: 'x'.repeat(5001) }).success).toBe(false);
  });

  it('need a place when the wines are stored elsewhere, and whole bottles', () => {
    expect(ConsignmentInput.parse(consignment).photos).toEqual([]);
    const other = ConsignmentInput.safeParse({ ...consignment, storage: 'other' });
    expect(other.error?.issues[0]).toMatchObject({
      path: ['storage_other'],
      message: 'Say where the wines are stored',
    });
    expect(
      ConsignmentInput.safeParse({ ...consignment, storage: 'other', storage_other: 'A friend’s cellar' })
        .success,
    ).toBe(true);
    expect(ConsignmentInput.safeParse({ ...consignment, bottles: 2.5 }).success).toBe(false);
    expect(ConsignmentInput.safeParse({ ...consignment, bottles: 0 }).success).toBe(false);
    const four = Array.from({ length: 4 }, (_, i) => ({
      name: `${i}.png`,
      type: 'image/png',
      data: base64(PNG),
    }));
    expect(ConsignmentInput.safeParse({ ...consignment, photos: four }).error?.issues[0]?.message).toBe(
      'At most 3 photos',
    );
  });

  it("answer the footer's newsletter field with the seeds' texts: 'Required', 'Invalid email format'", () => {
    expect(NewsletterInput.safeParse({ email: '  ' }).error?.issues[0]?.message).toBe('Required');
    expect(NewsletterInput.safeParse({}).error?.issues[0]?.message).toBe('Required');
    expect(NewsletterInput.safeParse({ email: 'nope' }).error?.issues[0]?.message).toBe(
      'Invalid email format',
    );
    expect(NewsletterInput.parse({ email: ' Ann@Example.COM ' })).toEqual({ email: 'ann@example.com' });
  });

  it("take the seeds' client's user_type or tag by contact kind, and sendToZoho", () => {
    expect(
      NewsletterInput.parse({ email: 'ann@example.com', user_type: 'Registered', sendToZoho: true }),
    ).toEqual({ email: 'ann@example.com', user_type: 'Registered', sendToZoho: true });
    expect(
      NewsletterInput.parse({ email: 'bo@example.com', tag: ' Subscriber ', sendToZoho: false }),
    ).toEqual({
      email: 'bo@example.com',
      tag: 'Subscriber',
      sendToZoho: false,
    });
    const field = (input: object) => NewsletterInput.safeParse(input).error?.issues[0]?.path.join('.');
    expect(field({ email: 'cy@example.com', user_type: 'Admin' })).toBe('user_type');
    expect(field({ email: 'cy@example.com', user_type: 'user' })).toBe('user_type');
    expect(field({ email: 'cy@example.com', tag: 'x'.repeat(41) })).toBe('tag');
    expect(field({ email: 'cy@example.com', tag: '  ' })).toBe('tag');
    expect(field({ email: 'cy@example.com', tag: 'a\u0000b' })).toBe('tag');
    expect(field({ email: 'cy@example.com', sendToZoho: 'yes' })).toBe('sendToZoho');
    expect(field({ email: 'cy@example.com', role: 'admin' })).toBe('');
  });
});
