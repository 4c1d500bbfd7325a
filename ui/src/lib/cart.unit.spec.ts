import { describe, expect, it } from 'vitest';
import { aCartItem } from '../test-utils/fixtures.ts';
import {
  groupByInvoice,
  isCompleteAddress,
  lineImage,
  newCheckoutId,
  safeReturnPath,
  taxPercent,
} from './cart.ts';

describe('cart helpers', () => {
  it('makes a checkout id the contract takes: letters, digits, - and _ only', () => {
    expect(newCheckoutId(() => '3b241101-e2bb-4255-8caf-4136c566a962')).toBe(
      '3b241101e2bb42558caf4136c566a962',
    );
    expect(newCheckoutId()).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(newCheckoutId()).not.toBe(newCheckoutId());
  });

  it('writes a tax rate in basis points as a percentage', () => {
    expect([taxPercent(625), taxPercent(1025), taxPercent(1000), taxPercent(0)]).toEqual([
      '6.25',
      '10.25',
      '10',
      '0',
    ]);
  });

  it('groups won lots by invoice in the order they come', () => {
    const groups = groupByInvoice([
      aCartItem({ product_id: 'a', invoice_id: 'inv-2' }),
      aCartItem({ product_id: 'b', invoice_id: 'inv-1' }),
      aCartItem({ product_id: 'c', invoice_id: 'inv-2' }),
    ]);
    expect(groups.map((g) => [g.invoiceId, g.items.map((i) => i.product_id)])).toEqual([
      ['inv-2', ['a', 'c']],
      ['inv-1', ['b']],
    ]);
  });

  it('finds a line picture: a URL or path as it is, a file name under /uploads/product/', () => {
    expect(lineImage(null)).toBe('/no-image.svg');
    expect(lineImage('https://cdn.example/a.jpg')).toBe('https://cdn.example/a.jpg');
    expect(lineImage('/demo/bottle.svg')).toBe('/demo/bottle.svg');
    expect(lineImage('my wine.jpg')).toBe('/uploads/product/my%20wine.jpg');
  });

  it('calls an address complete when every field is filled and the ZIP has its form', () => {
    const address = { address1: '1 Main St', city: 'Chicago', state: 'IL', zip: '60602' };
    expect(isCompleteAddress(address)).toBe(true);
    expect(isCompleteAddress({ ...address, zip: '6060' })).toBe(false);
    expect(isCompleteAddress({ ...address, city: ' ' })).toBe(false);
  });

  it('follows only a path of this site back from the card issuer', () => {
    const origin = 'https://shop.example';
    expect(safeReturnPath('/checkout_confirm?payment_id=p&invoice=a,b', origin)).toBe(
      '/checkout_confirm?payment_id=p&invoice=a,b',
    );
    for (const bad of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '',
      42,
      undefined,
    ]) {
      expect(safeReturnPath(bad, origin)).toBeNull();
    }
  });
});
