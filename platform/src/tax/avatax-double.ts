import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { taxRateFor, usStateOf, zipInState } from '@wine/contracts';

/** One request the double received, as AvaTax would read it. */
export interface AvaTaxDoubleRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown> | null;
}

export interface AvaTaxDouble {
  /** The root to point the SDK at: http://127.0.0.1:<port> */
  url: string;
  requests: AvaTaxDoubleRequest[];
  /** The transactions it keeps (committed sales, refunds), by company and code, as AvaTax answers them. */
  transaction(code: string): Record<string, unknown> | undefined;
  /** While on, requests are read and never answered (the service hangs), until off or closed. */
  hang(on: boolean): void;
  /** While on, every call is answered HTTP 503 with an HTML page (the service is down). */
  outage(on: boolean): void;
  close(): Promise<void>;
}

const ADDRESS_SOURCE = 'Avalara.AvaTax.Services.Address';

/**
 * A test double of Avalara AvaTax's REST API v2, on 127.0.0.1 at a random port, speaking its wire
 * format as documented (developer.avalara.com: address validation, CreateTransaction, the error
 * envelope): `POST /api/v2/addresses/resolve` answers an AddressResolutionModel (`validatedAddresses`,
 * `coordinates`, `resolutionQuality`, and `messages` with severity Error for an address it cannot
 * place: `refersTo` Address.Region for a region that is no US state, Address.PostalCode for a ZIP
 * outside it, Address for a street with no house number); `POST /api/v2/transactions/create` answers
 * a TransactionModel whose `totalTax` is the line's amount at the double's rates (per state and city
 * as TAX_RATES reads, basis points), a SalesOrder kept nowhere; a committed SalesInvoice is kept by
 * its company and code (its `TaxAmount` override is the tax it records); a second document under a
 * code it keeps is refused (DocumentCodeConflict), and `GET /api/v2/companies/{company}/transactions/
 * {code}` answers the one it keeps. `POST /api/v2/companies/{company}/transactions/{code}/refund`
 * keeps a ReturnInvoice under `refundTransactionCode` (a `Percentage` of the sale, negative; the same
 * refund code again is refused as well); `.../void` with `DocVoided` cancels the sale. A code it does not
 * keep is HTTP 404 EntityNotFoundError. Every call needs
 * `Authorization: Basic base64(accountId:licenseKey)` (else HTTP 401, AuthenticationException);
 * refusals are AvaTax's envelope `{ error: { code, message, target, details } }`. Only the specs start it.
 */
export async function startAvaTaxDouble(options: {
  accountId: string;
  licenseKey: string;
  companyCode: string;
  rates: Readonly<Record<string, number>>;
}): Promise<AvaTaxDouble> {
  const requests: AvaTaxDoubleRequest[] = [];
  const basic = `Basic ${Buffer.from(`${options.accountId}:${options.licenseKey}`).toString('base64')}`;
  let down = false;
  let hanging = false;
  let transactions = 0;
  const kept = new Map<string, Record<string, unknown>>();
  const keyOf = (company: string, code: string) => `${company}\u0000${code}`;
  const round2 = (n: number) => Math.round(n * 100) / 100;

  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(body));
  };
  const refuse = (response: ServerResponse, status: number, code: string, message: string, target: string) =>
    json(response, status, {
      error: {
        code,
        message,
        target,
        details: [
          {
            code,
            message,
            description: message,
            faultCode: 'Client',
            helpLink: `http://developer.avalara.com/avatax/errors/${code}`,
            severity: 'Error',
          },
        ],
      },
    });

  /** What the double knows of an address: an Error message refusing it, or its place. */
  function place(a: Record<string, unknown>) {
    // AvaTax answers a standardised address: spaces tidied, capitals.
    const text = (key: string) =>
      typeof a[key] === 'string' ? (a[key] as string).trim().replace(/\s+/g, ' ') : '';
    const state = usStateOf(text('region'));
    const message = (summary: string, refersTo: string) => ({
      summary,
      details: summary,
      refersTo,
      severity: 'Error',
      source: ADDRESS_SOURCE,
    });
    if (!state) return { error: message('The region is not valid.', 'Address.Region') };
    if (!zipInState(state, text('postalCode')))
      return { error: message('The postal code is not valid for the region.', 'Address.PostalCode') };
    if (!/^\d+\s+\S/.test(text('line1')))
      return { error: message('The address is not deliverable.', 'Address') };
    return {
      address: {
        addressType: 'StreetOrResidentialAddress',
        line1: text('line1').toUpperCase(),
        line2: text('line2').toUpperCase(),
        line3: '',
        city: text('city').toUpperCase(),
        region: state,
        country: 'US',
        postalCode: text('postalCode'),
        latitude: 41.88,
        longitude: -87.63,
      },
      state,
      city: text('city'),
    };
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const path = new URL(request.url ?? '/', 'http://double').pathname;
    let body: Record<string, unknown> | null = null;
    try {
      body =
        chunks.length > 0
          ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>)
          : null;
    } catch {
      body = null;
    }
    requests.push({ method: request.method ?? '', path, authorization: request.headers.authorization, body });
    if (hanging) return; // never answered: the caller's timeout decides
    if (down) {
      response.writeHead(503, { 'content-type': 'text/html' });
      response.end('<html><body>Service Unavailable</body></html>');
      return;
    }
    if (request.headers.authorization !== basic)
      return refuse(response, 401, 'AuthenticationException', 'Authentication failed.', 'HttpRequestHeaders');
    const byCode = /^\/api\/v2\/companies\/([^/]+)\/transactions\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && byCode) {
      const [, company = '', code = ''] = byCode;
      const document = kept.get(keyOf(company, decodeURIComponent(code)));
      if (!document)
        return refuse(
          response,
          404,
          'EntityNotFoundError',
          `Transaction ${code} not found.`,
          'TransactionCode',
        );
      return json(response, 200, document);
    }
    if (!body)
      return refuse(response, 400, 'InvalidJson', 'The request body is not valid JSON.', 'IncorrectData');
    if (request.method === 'POST' && path === '/api/v2/addresses/resolve') {
      const found = place(body);
      return json(response, 200, {
        address: body,
        validatedAddresses: found.address ? [found.address] : [],
        ...(found.address && {
          coordinates: { latitude: found.address.latitude, longitude: found.address.longitude },
          resolutionQuality: 'Intersection',
        }),
        ...(found.error && { messages: [found.error] }),
      });
    }
    const onTransaction = /^\/api\/v2\/companies\/([^/]+)\/transactions\/([^/]+)\/(refund|void)$/.exec(path);
    if (request.method === 'POST' && onTransaction) {
      const [, company = '', code = '', action] = onTransaction;
      const sale = kept.get(keyOf(company, code));
      if (company !== options.companyCode || !sale || sale.type !== 'SalesInvoice')
        return refuse(
          response,
          404,
          'EntityNotFoundError',
          `Transaction ${code} not found.`,
          'TransactionCode',
        );
      if (action === 'void') {
        if (body.code !== 'DocVoided')
          return refuse(response, 400, 'InvalidEnumValue', 'The void reason is not valid.', 'Code');
        sale.status = 'Cancelled';
        return json(response, 200, sale);
      }
      const refundCode = typeof body.refundTransactionCode === 'string' ? body.refundTransactionCode : '';
      const percentage = Number(body.refundPercentage);
      if (!refundCode || body.refundType !== 'Percentage' || !(percentage > 0 && percentage <= 100))
        return refuse(response, 400, 'InvalidParameterValue', 'The refund is not valid.', 'RefundType');
      if (kept.has(keyOf(company, refundCode)))
        return refuse(response, 400, 'DocumentCodeConflict', `Document ${refundCode} exists.`, 'Code');
      const share = (amount: unknown) => -round2((Number(amount ?? 0) * percentage) / 100);
      const refund = {
        id: 0,
        code: refundCode,
        companyId: 1,
        date: body.refundDate,
        status: 'Committed',
        type: 'ReturnInvoice',
        referenceCode: body.referenceCode,
        totalAmount: share(sale.totalAmount),
        totalTax: share(sale.totalTax),
      };
      kept.set(keyOf(company, refundCode), refund);
      return json(response, 201, refund);
    }
    if (request.method === 'POST' && path === '/api/v2/transactions/create') {
      if (body.companyCode !== options.companyCode)
        return refuse(response, 400, 'EntityNotFoundError', 'Company not found.', 'CompanyCode');
      const recorded = body.type === 'SalesInvoice' && body.commit === true;
      const code = typeof body.code === 'string' ? body.code : '';
      if (recorded && !code)
        return refuse(response, 400, 'MissingRequiredField', 'A recorded document needs a code.', 'Code');
      // AvaTax keeps one committed document per code: a second is refused (ErrorCodeId DocumentCodeConflict).
      if (recorded && kept.has(keyOf(options.companyCode, code)))
        return refuse(response, 400, 'DocumentCodeConflict', `Document ${code} exists.`, 'Code');
      const addresses = (body.addresses ?? {}) as Record<string, Record<string, unknown>>;
      const found = place(addresses.singleLocation ?? addresses.shipTo ?? {});
      if (!found.address || !found.state)
        return refuse(response, 400, 'InvalidAddress', 'The address value was incomplete.', 'Addresses');
      const rate = taxRateFor(options.rates, found.state, found.city);
      const lines = Array.isArray(body.lines) ? (body.lines as { number?: string; amount?: number }[]) : [];
      const totalAmount = lines.reduce((s, l) => s + Number(l.amount ?? 0), 0);
      const override = (body.taxOverride ?? {}) as { type?: string; taxAmount?: number };
      const totalTax =
        override.type === 'TaxAmount'
          ? Number(override.taxAmount ?? 0)
          : Math.round(totalAmount * rate) / 10_000;
      transactions += 1;
      const transaction = {
        id: 0,
        code: recorded ? code : `double-${transactions}`,
        companyId: 1,
        date: body.date,
        customerCode: body.customerCode,
        status: recorded ? 'Committed' : 'Temporary',
        type: body.type,
        totalAmount,
        totalTaxable: totalAmount,
        totalTax,
        totalTaxCalculated: totalTax,
        lines: lines.map((l) => ({
          lineNumber: l.number,
          lineAmount: l.amount,
          tax: (Number(l.amount ?? 0) * rate) / 10_000,
        })),
        summary: [
          {
            country: 'US',
            region: found.state,
            jurisType: 'State',
            taxable: totalAmount,
            rate: rate / 10_000,
            tax: totalTax,
          },
        ],
      };
      if (recorded) kept.set(keyOf(options.companyCode, code), transaction);
      return json(response, 201, transaction);
    }
    return refuse(response, 404, 'EntityNotFoundError', `No such path: ${path}`, 'Url');
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    transaction: (code) => kept.get(keyOf(options.companyCode, code)),
    hang: (on) => {
      hanging = on;
    },
    outage: (on) => {
      down = on;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
