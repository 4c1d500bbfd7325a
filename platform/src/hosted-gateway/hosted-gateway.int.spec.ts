import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type HostedGatewayNetwork,
  hostedGatewayNetworkNames,
  hostedGatewayTitles,
  openHostedGatewayNetwork,
} from '../testing/hosted-gateway-networks.ts';
import { createCashfreeGateway } from './cashfree.ts';
import { startCashfreeDouble } from './cashfree-double.ts';
import { hostedGatewayContract } from './hosted-gateway.contract.ts';
import { hostedGatewaysConfigured, openHostedGateways } from './index.ts';
import { createPaytmGateway } from './paytm.ts';
import { HostedGatewayRefusedError } from './port.ts';

describe.each(hostedGatewayNetworkNames.map((name) => [hostedGatewayTitles[name], name] as const))(
  'the hosted gateway port, on %s',
  (_title, name) => {
    let network: HostedGatewayNetwork;
    beforeAll(async () => {
      network = await openHostedGatewayNetwork(name);
    });
    afterAll(async () => {
      await network.close();
    });
    hostedGatewayContract(() => network);
  },
);

describe('the Paytm adapter, against a local double of Paytm: its checksum', () => {
  it('is refused by Paytm when signed with another merchant key (2005), opening nothing', async () => {
    const network = await openHostedGatewayNetwork('paytm');
    try {
      const page = await network.gateway.start({
        orderId: 'ORD-checksum-good',
        amount: 1_000,
        currency: 'USD',
        customer: { id: 'b', email: 'b@wine.example' },
        returnUrl: 'https://wine.example/back',
      });
      const mid = page.fields.mid as string;
      const wrongKey = createPaytmGateway({
        mid,
        merchantKey: 'AAAAAAAAAAAAAAAA',
        website: 'WEBSTAGING',
        apiUrl: new URL(page.url).origin,
      });
      const refused = wrongKey.start({
        orderId: 'ORD-checksum-bad',
        amount: 1_000,
        currency: 'USD',
        customer: { id: 'b', email: 'b@wine.example' },
        returnUrl: 'https://wine.example/back',
      });
      await expect(refused).rejects.toMatchObject({ code: '2005' });
      await expect(refused).rejects.toBeInstanceOf(HostedGatewayRefusedError);
      expect(network.opened()).toBe(1);
    } finally {
      await network.close();
    }
  });
});

describe('the Cashfree adapter, against a local double of Cashfree: its webhook URL', () => {
  it('tells Cashfree where to post its webhook with each order when it is https, and sends no http one (Cashfree refuses it)', async () => {
    const double = await startCashfreeDouble();
    try {
      const gateway = createCashfreeGateway({
        clientId: double.clientId,
        clientSecret: double.clientSecret,
        apiUrl: double.url,
      });
      const order = (orderId: string, notifyUrl: string) =>
        gateway.start({
          orderId,
          amount: 2_000,
          currency: 'USD',
          customer: { id: 'b', email: 'b@wine.example', phone: '9999999999' },
          returnUrl: 'https://wine.example/back?order_id={order_id}',
          notifyUrl,
        });
      await order('ORD-notify-https', 'https://wine.example/api/paymentThird/cashfree/webhook');
      await order('ORD-notify-http', 'http://localhost:3000/api/paymentThird/cashfree/webhook');
      expect(double.orders().map((o) => [o.orderId, o.notifyUrl])).toEqual([
        ['ORD-notify-https', 'https://wine.example/api/paymentThird/cashfree/webhook'],
        ['ORD-notify-http', null],
      ]);
    } finally {
      await double.close();
    }
  });
});

describe('openHostedGateways', () => {
  it('takes none unless PAYMENT_GATEWAYS names one, read as a list in any case', () => {
    expect(openHostedGateways({})).toEqual({});
    expect(hostedGatewaysConfigured('paypal, PayTM ,cashfree')).toEqual(['paytm', 'cashfree']);
    expect(hostedGatewaysConfigured('paytm-upi,stripe')).toEqual([]);
  });

  it('refuses to start a named gateway without its credentials, naming every one missing', () => {
    expect(() => openHostedGateways({ PAYMENT_GATEWAYS: 'paytm' })).toThrow(
      'PAYMENT_GATEWAYS=paytm needs PAYTM_MID and PAYTM_MERCHANT_KEY',
    );
    expect(() => openHostedGateways({ PAYMENT_GATEWAYS: 'cashfree', CASHFREE_CLIENT_ID: 'x' })).toThrow(
      'PAYMENT_GATEWAYS=cashfree needs CASHFREE_CLIENT_SECRET',
    );
    expect(() =>
      openHostedGateways({ PAYMENT_GATEWAYS: 'paytm', PAYTM_MID: 'm', PAYTM_MERCHANT_KEY: 'short' }),
    ).toThrow('PAYTM_MERCHANT_KEY is the 16-character merchant key Paytm gives');
  });

  it('opens each named gateway with its credentials', () => {
    const gateways = openHostedGateways({
      PAYMENT_GATEWAYS: 'paytm,cashfree',
      PAYTM_MID: 'MID',
      PAYTM_MERCHANT_KEY: '0123456789abcdef',
      CASHFREE_CLIENT_ID: 'id',
      CASHFREE_CLIENT_SECRET: 'secret',
    });
    expect(Object.keys(gateways)).toEqual(['paytm', 'cashfree']);
  });
});
