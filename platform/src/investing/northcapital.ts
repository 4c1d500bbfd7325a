import { z } from 'zod';
import { brandOf } from '../card-provider/card-numbers.ts';
import { callVendor } from '../http/vendor-call.ts';
import {
  accreditationOfTransact,
  centsOfTransact,
  domicileOfTransact,
  expiryOfTransact,
  failureOfCode,
  isoDateOfTransact,
  kycOfTransact,
  NORTHCAPITAL_SANDBOX_URL,
  orderStatusOfTransact,
  TransactCode,
  titleOfTransact,
  transactCardType,
  transactDate,
  transactDollars,
  transactDomicile,
  transactExpiry,
  uploadFileNameField,
  uploadTitleField,
} from './northcapital-wire.ts';
import {
  type IndividualInvestor,
  type IndividualInvestorChange,
  type InvestingDocument,
  type InvestingDocumentOwner,
  InvestingError,
  type InvestingService,
  type InvestmentFundMove,
  type InvestmentOrder,
  type InvestmentPaymentMethod,
  type InvestorAccount,
  type InvestorAddress,
  type InvestorBankDetails,
  type InvestorCardDetails,
  type LinkedBankAccount,
  type LinkedInvestorCard,
  type NewInvestingDocument,
} from './port.ts';
import {
  accountProblem,
  assertMayInvest,
  assertMoveOrder,
  assertPayable,
  bankProblem,
  cardCheck,
  documentTitleOf,
  entityProblem,
  holdingsOf,
  type InvestorStanding,
  individualProblem,
  linkedCardOf,
  orderProblem,
} from './rules.ts';

export interface NorthCapitalOptions {
  /** Transact's base with its path prefix; its sandbox (NORTHCAPITAL_SANDBOX_URL) by default. */
  apiUrl?: string | undefined;
  /** The Transact client ID and developer API key (Transact's dashboard). */
  clientId: string;
  apiKey: string;
  /** How long one call may take. */
  timeoutMs?: number | undefined;
}

const SERVICE = 'northcapital';

type Answer = Record<string, unknown>;
type FormFields = Record<string, string | undefined>;

// ---- What is read from Transact's answers (zod at the edge; unknown fields pass). ----
const text = z.union([z.string(), z.number()]).transform(String);
const maybe = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v == null ? undefined : String(v)));
/** Transact's `[true, [item]]` answers to a create or an update. */
const done = <T extends z.ZodType>(item: T) => z.tuple([z.unknown(), z.array(item).min(1)]);
/** One record or a one-record array: Transact answers both for a read. */
const one = <T extends z.ZodType>(item: T) => z.union([item, z.array(item).min(1)]);
const firstOf = <T>(value: T | T[]): T => (Array.isArray(value) ? (value[0] as T) : value);

const partyCreated = z.looseObject({ partyId: text, KYCstatus: maybe, AMLstatus: maybe });
const party = z.looseObject({
  partyId: text,
  firstName: maybe,
  lastName: maybe,
  emailAddress: maybe,
  dob: maybe,
  domicile: maybe,
  primAddress1: maybe,
  primAddress2: maybe,
  primCity: maybe,
  primState: maybe,
  primZip: maybe,
  primCountry: maybe,
  kycStatus: maybe,
  amlStatus: maybe,
});
const link = z.looseObject({ id: maybe, relatedEntryType: maybe, relatedEntry: maybe, linkType: maybe });
const accountRecord = z.looseObject({ accountId: maybe, accountRegistration: maybe, type: maybe });
const aiRequest = z.looseObject({ airequestId: maybe, accreditedStatus: maybe, aiRequestStatus: maybe });
const documentRecord = z.looseObject({
  id: maybe,
  documentid: maybe,
  documentTitle: maybe,
  documentFileName: maybe,
  documentUrl: maybe,
  createdDate: maybe,
});
const external = z.looseObject({
  accountId: maybe,
  ExtAccountfullname: maybe,
  Extnickname: maybe,
  ExtRoutingnumber: maybe,
  ExtAccountnumber: maybe,
  accountType: maybe,
});
const externalRead = z.looseObject({
  AccountName: maybe,
  AccountNickName: maybe,
  AccountRoutingNumber: maybe,
  AccountNumber: maybe,
  accountType: maybe,
});
const creditCard = z.looseObject({
  creditCardName: maybe,
  creditCardNumber: maybe,
  expirationDate: maybe,
  cardType: maybe,
});
const tradeCreated = z.looseObject({
  tradeId: text,
  transactionAmount: maybe,
  transactionDate: maybe,
  transactionStatus: maybe,
});
const trade = z.looseObject({
  orderId: maybe,
  id: maybe,
  accountId: maybe,
  offeringId: maybe,
  transactionType: maybe,
  totalAmount: maybe,
  totalShares: maybe,
  orderStatus: maybe,
  createdDate: maybe,
});

/**
 * A fund move as Transact answers it: externalFundMove's TradeFinancialDetails (RefNum), ccFundMove's
 * transactionDetails (ccreferencenumber), and the rows of getExternalFundMoveHistory / getCCFundMoveHistory.
 */
const fundMoveRecord = z.looseObject({
  tradeId: maybe,
  totalAmount: maybe,
  RefNum: maybe,
  ccreferencenumber: maybe,
  fundStatus: maybe,
  transactionstatus: maybe,
});

/** Transact's `Error(s)` text without its markup (`<br />`, a mangled `&nbsp;`). */
const cleanErrors = (value: unknown) =>
  typeof value === 'string'
    ? value
        .replace(/<br\s*\/?>/g, ' ')
        .replace(/u0026nbsp;|&nbsp;/g, '')
        .replace(/\s+/g, ' ')
        .trim()
    : '';

/** Base64, as Transact answers a created external account's numbers; the text itself when it is not. */
function unbase64(value: string | undefined): string {
  if (!value) return '';
  if (/^\d+$/.test(value)) return value;
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  return /^\d+$/.test(decoded) ? decoded : value;
}

const bankTypeOf = (type: string | undefined): LinkedBankAccount['accountType'] =>
  /savings/i.test(type ?? '') ? 'savings' : 'checking';

const addressFields = (address: InvestorAddress | undefined, prefix: 'prim' | 'account') =>
  address === undefined
    ? {}
    : prefix === 'prim'
      ? {
          primAddress1: address.address1,
          primAddress2: address.address2,
          primCity: address.city,
          primState: address.state.toUpperCase(),
          primZip: address.zip,
          primCountry: address.country,
        }
      : {
          streetAddress1: address.address1,
          streetAddress2: address.address2,
          city: address.city,
          state: address.state.toUpperCase(),
          zip: address.zip,
          country: address.country,
        };

/** US accounts are domestic for Transact, others international. */
const domesticOf = (address: InvestorAddress) =>
  /^(US|USA|United States)$/i.test(address.country.trim()) ? 'domestic_account' : 'international_account';

/** xxx-xx-xxxx, as Transact's createParty takes an SSN. */
const ssnOf = (ssn: string) => ssn.replace(/\D/g, '').replace(/^(\d{3})(\d{2})(\d{4})$/, '$1-$2-$3');

/** A title as the multipart field's quoted text can carry it. */
const quotable = (value: string) => value.replace(/"/g, "'");

/**
 * The investing port on North Capital's Transact API v3 (no SDK is published for it: Node's fetch, one
 * timeout per call). Every call is `${apiUrl}/<call>` with form fields (urlencoded; multipart for
 * uploads) carrying `clientID` and `developerAPIKey`; PUT for createParty, createEntity, createAccount,
 * createLink and calculateSuitability, POST for the rest. Transact answers HTTP 200 with its own
 * `statusCode` (101 Ok) even for most refusals, HTTP 401 with 103 for credentials: any code but 101 is an
 * InvestingError with Transact's code and its description (northcapital-wire.ts maps the codes), never a
 * credential, an SSN, an account or card number. A timeout, no answer or an answer that is not Transact's
 * JSON is `unavailable`.
 *
 * The port's words over Transact's calls: an individual is a party (createParty, updateParty, getParty;
 * performKycAml runs KYC/AML); an account (createAccount) is linked to its owners (createLink: the first
 * individual `owner` primary, an entity account also linked to its EntityACParty); accreditation is
 * uploadVerificationDocument, requestAiVerification (aiMethod Upload) and getAiRequest's latest request;
 * bank accounts are Transact's external accounts; cards go through addCreditCard / updateCreditCard with
 * the full number and CVV, which Transact requires (it has no tokenisation): they pass through in that one
 * call and are never kept, logged or answered, and getCreditCard's full number is cut to its last four at
 * once. Orders are trades: createTrade, updateTradeStatus (FUNDED, SETTLED), deleteTrade (cancel),
 * getTradeStatus; the product's security-token bids are getTradesForAccount, and their totals are summed
 * here from it (Transact has no such total). An order is paid with externalFundMove (ACH, from the
 * external account named by its nickname) or ccFundMove (the linked card), once the account's fund move
 * histories (getExternalFundMoveHistory, getCCFundMoveHistory) show none for the trade: Transact takes no
 * idempotency key, so that read is what keeps a retried payment from moving the money twice. Before placing or funding an order the adapter reads the
 * account's owners (getAllLinks), their KYC (getParty) and the accreditation (getAiRequest), and
 * rules.ts decides: Transact is not documented to refuse a trade for an unapproved investor, so the
 * port does not count on it.
 */
export function createNorthCapitalInvesting(options: NorthCapitalOptions): InvestingService {
  const base = (options.apiUrl ?? NORTHCAPITAL_SANDBOX_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;
  const unavailable = (message: string, code?: string) =>
    new InvestingError(SERVICE, 'unavailable', message, code);
  const invalid = (message: string) => new InvestingError(SERVICE, 'invalid', message);

  async function send(
    method: 'POST' | 'PUT',
    call: string,
    body: URLSearchParams | FormData,
  ): Promise<Answer> {
    const response = await callVendor(
      `${base}/${call}`,
      { method, body, headers: { accept: 'application/json' } },
      timeoutMs,
      (timedOut) =>
        timedOut
          ? unavailable(`no answer to ${call} in ${timeoutMs} ms`, 'TIMEOUT')
          : unavailable(`${call} could not be reached`, 'UNREACHABLE'),
    );
    if (response.status >= 500)
      throw unavailable(`${call} answered HTTP ${response.status}`, String(response.status));
    let answer: Answer;
    try {
      const parsed: unknown = JSON.parse(response.text);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        throw new Error('not an object');
      answer = parsed as Answer;
    } catch {
      throw unavailable(
        `${call} answered HTTP ${response.status} without Transact's JSON`,
        String(response.status),
      );
    }
    const code = answer.statusCode == null ? '' : String(answer.statusCode);
    if (code === TransactCode.ok && response.ok) return answer;
    if (!code)
      throw unavailable(
        `${call} answered HTTP ${response.status} without a status code`,
        String(response.status),
      );
    const description = typeof answer.statusDesc === 'string' ? answer.statusDesc : 'refused';
    const errors = cleanErrors(answer['Error(s)']);
    throw new InvestingError(
      SERVICE,
      failureOfCode(code),
      `${call}: ${description}${errors ? ` (${errors})` : ''}`.slice(0, 300),
      code,
    );
  }

  function form(fields: FormFields): URLSearchParams {
    const body = new URLSearchParams({ clientID: options.clientId, developerAPIKey: options.apiKey });
    for (const [key, value] of Object.entries(fields)) if (value !== undefined) body.set(key, value);
    return body;
  }
  const post = (call: string, fields: FormFields) => send('POST', call, form(fields));
  const put = (call: string, fields: FormFields) => send('PUT', call, form(fields));

  /** Reads `value` with `schema`, or throws `unavailable`: an answer of another shape is never guessed at. */
  function read<T extends z.ZodType>(call: string, schema: T, value: unknown): z.output<T> {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw unavailable(`${call} answered in an unexpected shape`);
    return parsed.data;
  }

  /** The record of Transact's `[true, [record]]` answer to a create or an update. */
  function doneRecord<T extends z.ZodType>(call: string, item: T, value: unknown): z.output<T> {
    const [, records] = read(call, done(item), value);
    const record = records[0];
    if (record === undefined) throw unavailable(`${call} answered no record`);
    return record;
  }

  const individualOf = (p: z.output<typeof party>): IndividualInvestor => ({
    partyId: p.partyId,
    firstName: p.firstName ?? '',
    lastName: p.lastName ?? '',
    email: p.emailAddress ?? '',
    dateOfBirth: isoDateOfTransact(p.dob),
    domicile: domicileOfTransact(p.domicile),
    address: {
      address1: p.primAddress1 ?? '',
      ...(p.primAddress2 ? { address2: p.primAddress2 } : {}),
      city: p.primCity ?? '',
      state: p.primState ?? '',
      zip: p.primZip ?? '',
      country: p.primCountry ?? '',
    },
    kyc: kycOfTransact(p.kycStatus, p.amlStatus),
  });

  const partyFields = (p: IndividualInvestorChange): FormFields => ({
    domicile: p.domicile && transactDomicile(p.domicile),
    firstName: p.firstName,
    lastName: p.lastName,
    socialSecurityNumber: p.ssn && ssnOf(p.ssn),
    dob: p.dateOfBirth && transactDate(p.dateOfBirth),
    ...addressFields(p.address, 'prim'),
    emailAddress: p.email,
    phone: p.phone?.replace(/\D/g, ''),
  });

  async function getParty(partyId: string) {
    const answer = await post('getParty', { partyId });
    return individualOf(firstOf(read('getParty', one(party), answer.partyDetails)));
  }

  async function createLink(
    accountId: string,
    type: 'IndivACParty' | 'EntityACParty',
    id: string,
    primary: boolean,
  ) {
    await put('createLink', {
      firstEntryType: 'Account',
      firstEntry: accountId,
      relatedEntryType: type,
      relatedEntry: id,
      linkType: 'owner',
      primary_value: primary ? '1' : '0',
    });
  }

  async function linksOf(accountId: string) {
    const answer = await post('getAllLinks', { accountId });
    return read('getAllLinks', z.array(link), answer.linkDetails ?? []);
  }

  /** Owners are the individual parties linked as `owner`, in the order they were linked (primary first). */
  const ownersOf = (links: z.output<typeof link>[]) => [
    ...new Set(
      links
        .filter((l) => l.relatedEntryType === 'IndivACParty' && l.linkType === 'owner' && l.relatedEntry)
        .map((l) => l.relatedEntry as string),
    ),
  ];

  async function getAccount(accountId: string): Promise<InvestorAccount> {
    const answer = await post('getAccount', { accountId });
    const record = firstOf(read('getAccount', one(accountRecord), answer.accountDetails));
    const links = await linksOf(accountId);
    const entityId = links.find((l) => l.relatedEntryType === 'EntityACParty')?.relatedEntry;
    return {
      accountId,
      type: /entity/i.test(record.type ?? '') || entityId ? 'entity' : 'individual',
      registration: record.accountRegistration ?? '',
      owners: ownersOf(links),
      ...(entityId ? { entityId } : {}),
    };
  }

  async function accreditationOf(accountId: string) {
    const answer = await post('getAiRequest', { accountId });
    const details = read(
      'getAiRequest',
      z.looseObject({ request: z.array(aiRequest).optional() }),
      firstOf((answer.accreditedDetails ?? {}) as object),
    );
    const latest = details.request?.at(-1);
    return accreditationOfTransact(latest?.accreditedStatus);
  }

  async function standing(accountId: string): Promise<InvestorStanding> {
    const owners = ownersOf(await linksOf(accountId));
    const [kycs, accreditation] = await Promise.all([
      Promise.all(owners.map(async (partyId) => ({ partyId, kyc: (await getParty(partyId)).kyc }))),
      accreditationOf(accountId),
    ]);
    return { accountId, accreditation, owners: kycs };
  }

  function orderOf(call: string, t: z.output<typeof trade>): InvestmentOrder {
    const status = orderStatusOfTransact(t.orderStatus);
    if (!status)
      throw unavailable(`${call} answered an order status the port does not know: ${t.orderStatus}`);
    return {
      tradeId: t.orderId ?? t.id ?? '',
      accountId: t.accountId ?? '',
      offeringId: t.offeringId ?? '',
      units: Math.round(Number(t.totalShares ?? 0)),
      amount: centsOfTransact(t.totalAmount),
      paymentMethod: t.transactionType ?? '',
      status,
      createdAt: t.createdDate ?? '',
    };
  }

  async function getOrder(tradeId: string) {
    const answer = await post('getTradeStatus', { tradeId });
    return orderOf('getTradeStatus', firstOf(read('getTradeStatus', one(trade), answer.tradeDetails)));
  }

  async function moveOrder(tradeId: string, to: 'funded' | 'settled') {
    const current = await getOrder(tradeId);
    assertMoveOrder(SERVICE, tradeId, current.status, to);
    if (to === 'funded') assertMayInvest(SERVICE, await standing(current.accountId));
    const answer = await post('updateTradeStatus', {
      tradeId,
      accountId: current.accountId,
      orderStatus: to.toUpperCase(),
    });
    return orderOf('updateTradeStatus', firstOf(read('updateTradeStatus', one(trade), answer.tradeDetails)));
  }

  const fundMoveOf = (
    method: InvestmentPaymentMethod,
    tradeId: string,
    m: z.output<typeof fundMoveRecord>,
  ): InvestmentFundMove => ({
    tradeId: m.tradeId ?? tradeId,
    method,
    reference: m.RefNum ?? m.ccreferencenumber ?? '',
    amount: centsOfTransact(m.totalAmount),
    fundStatus: m.fundStatus ?? '',
    transactionStatus: m.transactionstatus ?? '',
  });

  /** The history calls of each way money moves, and the key each answers its rows under. */
  const fundMoveHistories = [
    { method: 'ACH', call: 'getExternalFundMoveHistory', rows: 'accountDetails' },
    { method: 'CREDITCARD', call: 'getCCFundMoveHistory', rows: 'creditcardDetails' },
  ] as const;

  /** The fund move made for a trade, by either way, from the account's histories; null when none was. */
  async function fundMoveFor(accountId: string, tradeId: string): Promise<InvestmentFundMove | null> {
    for (const { method, call, rows } of fundMoveHistories) {
      const answer = await post(call, { accountId });
      const moves = read(call, z.array(fundMoveRecord), answer[rows] ?? []);
      const made = moves.find((m) => m.tradeId === tradeId);
      if (made) return fundMoveOf(method, tradeId, made);
    }
    return null;
  }

  /** The linked bank account as Transact holds it (getExternalAccount), or null (149: none). */
  const linkedBank = (accountId: string) =>
    orNull(TransactCode.noExternalAccount, async (): Promise<LinkedBankAccount> => {
      const answer = await post('getExternalAccount', { types: 'Account', accountId });
      const e = read('getExternalAccount', externalRead, answer.statusDesc);
      return {
        accountId,
        holderName: e.AccountName ?? '',
        nickname: e.AccountNickName ?? '',
        accountType: bankTypeOf(e.accountType),
        routingNumber: e.AccountRoutingNumber ?? '',
        accountLast4: (e.AccountNumber ?? '').slice(-4),
      };
    });

  /**
   * One fund move per trade: the account's histories first (an attempt whose answer was lost is answered
   * again), then the money rule and the order's own amount; the trade's type is set to the method when it
   * is another (updateTradeTransactionType), and the money moves: externalFundMove from the external
   * account (its nickname, as Transact matches it) or ccFundMove on the card, for the trade's amount.
   */
  async function payOrder(payment: Parameters<InvestingService['payOrder']>[0]) {
    const current = await getOrder(payment.tradeId);
    const { accountId, offeringId, tradeId } = current;
    const made = await fundMoveFor(accountId, tradeId);
    if (made) return made;
    assertPayable(SERVICE, current, payment);
    assertMayInvest(SERVICE, await standing(accountId));
    const bank = payment.method === 'ACH' ? await linkedBank(accountId) : null;
    if (payment.method === 'ACH' && !bank)
      throw new InvestingError(SERVICE, 'not_found', 'no external account is linked to the account');
    if (current.paymentMethod !== payment.method)
      await post('updateTradeTransactionType', { tradeId, transactionType: payment.method });
    if (bank) {
      const answer = await post('externalFundMove', {
        accountId,
        offeringId,
        tradeId,
        NickName: bank.nickname,
        amount: transactDollars(payment.amount),
        description: payment.description.slice(0, 200),
        // Transact: "Check number should be same as trade ID".
        checkNumber: tradeId,
        createdIpAddress: payment.ipAddress,
      });
      return fundMoveOf(
        'ACH',
        tradeId,
        firstOf(read('externalFundMove', one(fundMoveRecord), answer.TradeFinancialDetails)),
      );
    }
    // ccFundMove takes no amount: it charges the trade's own (checked equal above).
    const answer = await post('ccFundMove', { accountId, tradeId, createdIpAddress: payment.ipAddress });
    return fundMoveOf(
      'CREDITCARD',
      tradeId,
      firstOf(read('ccFundMove', one(fundMoveRecord), answer.transactionDetails)),
    );
  }

  const documentCalls = {
    party: { upload: 'uploadPartyDocument', list: 'getPartyDocument', file: 'userfile0' },
    entity: { upload: 'uploadEntityDocument', list: 'getEntityDocument', file: 'userfile0' },
    accreditation: { upload: 'uploadVerificationDocument', list: 'getAiDocument', file: 'userfile' },
  } as const;
  /** The owner's id field, as each call takes it (an entity is an entity party: `partyId`). */
  const ownerFields = (owner: InvestingDocumentOwner): FormFields =>
    owner.kind === 'party'
      ? { partyId: owner.partyId }
      : owner.kind === 'entity'
        ? { partyId: owner.entityId }
        : { accountId: owner.accountId };

  async function listDocuments(owner: InvestingDocumentOwner): Promise<InvestingDocument[]> {
    const call = documentCalls[owner.kind].list;
    let answer: Answer;
    try {
      answer = await post(call, ownerFields(owner));
    } catch (error) {
      // Transact answers 233 for an account without an AI document.
      if (error instanceof InvestingError && error.code === TransactCode.noAiDocument) return [];
      throw error;
    }
    const list =
      answer.partyDocumentDetails ??
      answer.entityDocumentDetails ??
      answer.document_details ??
      answer.documentDetails;
    return read(call, z.array(documentRecord), list ?? []).map((d) => ({
      documentId: d.documentid ?? d.id ?? '',
      owner: { ...owner },
      title: titleOfTransact(d.documentTitle),
      fileName: d.documentFileName ?? '',
      createdAt: d.createdDate ?? '',
      ...(d.documentUrl ? { url: d.documentUrl } : {}),
    }));
  }

  async function uploadDocument(document: NewInvestingDocument): Promise<InvestingDocument> {
    if (!document.fileName.trim()) throw invalid('the file name is missing');
    const calls = documentCalls[document.owner.kind];
    const title = quotable(documentTitleOf(document.fileName, document.title));
    const body = new FormData();
    body.set('clientID', options.clientId);
    body.set('developerAPIKey', options.apiKey);
    for (const [key, value] of Object.entries(ownerFields(document.owner))) if (value) body.set(key, value);
    body.set('documentTitle', uploadTitleField(title));
    if (document.owner.kind !== 'accreditation')
      body.set('file_name', uploadFileNameField(quotable(document.fileName)));
    body.set(
      calls.file,
      new Blob([new Uint8Array(document.content)], { type: document.contentType }),
      document.fileName,
    );
    await send('POST', calls.upload, body);
    // Transact answers the upload with a sentence only: the document is read back from its list.
    const uploaded = (await listDocuments(document.owner)).filter((d) => d.title === title).at(-1);
    if (!uploaded)
      throw unavailable(`${calls.upload} answered Ok but ${calls.list} does not list the document`);
    return uploaded;
  }

  const bankFields = (accountId: string, bank: InvestorBankDetails): FormFields => ({
    types: 'Account',
    accountId,
    ExtAccountfullname: bank.holderName,
    Extnickname: bank.nickname,
    ExtRoutingnumber: bank.routingNumber,
    ExtAccountnumber: bank.accountNumber,
    ExtBankname: bank.bankName,
    accountType: bank.accountType === 'savings' ? 'Savings' : 'Checking',
    updatedIpAddress: bank.ipAddress,
  });
  const bankOf = (
    accountId: string,
    e: z.output<typeof external>,
    sent: InvestorBankDetails,
  ): LinkedBankAccount => ({
    accountId,
    holderName: e.ExtAccountfullname ?? sent.holderName,
    nickname: e.Extnickname ?? sent.nickname,
    accountType: bankTypeOf(e.accountType ?? sent.accountType),
    routingNumber: unbase64(e.ExtRoutingnumber) || sent.routingNumber,
    accountLast4: (unbase64(e.ExtAccountnumber) || sent.accountNumber).slice(-4),
  });

  function cardFields(
    accountId: string,
    card: InvestorCardDetails,
    brand: LinkedInvestorCard['brand'],
  ): FormFields {
    return {
      accountId,
      creditCardName: card.nameOnCard,
      creditCardNumber: card.number.replace(/[\s-]/g, ''),
      expirationDate: transactExpiry(card.expMonth, card.expYear),
      cvvNumber: card.cvc,
      cardType: transactCardType[brand],
    };
  }
  function checkedCard(card: InvestorCardDetails) {
    const checked = cardCheck(card);
    if (!checked.ok) throw invalid(checked.problem);
    return checked.brand;
  }

  /** A read whose "none there" code answers null. */
  async function orNull<T>(code: string, run: () => Promise<T>): Promise<T | null> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof InvestingError && error.code === code) return null;
      throw error;
    }
  }

  return {
    name: SERVICE,
    async createIndividual(investor) {
      const problem = individualProblem(investor);
      if (problem) throw invalid(problem);
      const answer = await put('createParty', partyFields(investor));
      const created = doneRecord('createParty', partyCreated, answer.partyDetails);
      return {
        partyId: created.partyId,
        firstName: investor.firstName,
        lastName: investor.lastName,
        email: investor.email,
        dateOfBirth: investor.dateOfBirth,
        domicile: investor.domicile,
        address: { ...investor.address },
        kyc: kycOfTransact(created.KYCstatus, created.AMLstatus),
      };
    },
    async updateIndividual(partyId, change) {
      const current = await getParty(partyId);
      const problem = individualProblem({
        ...current,
        ...change,
        address: change.address ?? current.address,
      });
      if (problem) throw invalid(problem);
      await post('updateParty', { partyId, ...partyFields(change) });
      return getParty(partyId);
    },
    individual: getParty,
    async checkKyc(partyId) {
      const answer = await post('performKycAml', { partyId });
      const kyc = read('performKycAml', z.looseObject({ kycstatus: maybe, amlstatus: maybe }), answer.kyc);
      return kycOfTransact(kyc.kycstatus, kyc.amlstatus);
    },
    async kyc(partyId) {
      return (await getParty(partyId)).kyc;
    },
    async openAccount(account) {
      const problem = accountProblem(account);
      if (problem) throw invalid(problem);
      await getParty(account.owner);
      const answer = await put('createAccount', {
        accountRegistration: account.registration,
        type: 'Individual',
        domesticYN: domesticOf(account.address),
        ...addressFields(account.address, 'account'),
        email: account.email,
        KYCstatus: 'Pending',
        AMLstatus: 'Pending',
      });
      const { accountId } = firstOf(
        read('createAccount', one(z.looseObject({ accountId: text })), answer.accountDetails),
      );
      await createLink(accountId, 'IndivACParty', account.owner, true);
      return { accountId, type: 'individual', registration: account.registration, owners: [account.owner] };
    },
    async createEntity(entity) {
      const problem = entityProblem(entity);
      if (problem) throw invalid(problem);
      for (const owner of entity.owners) await getParty(owner);
      const created = await put('createEntity', {
        domicile: entity.domicile && transactDomicile(entity.domicile),
        entityName: entity.name,
        entityType: entity.entityType,
        ein: entity.ein,
        ...addressFields(entity.address, 'prim'),
        emailAddress: entity.email,
      });
      const { partyId: entityId } = doneRecord('createEntity', partyCreated, created.entityDetails);
      const answer = await put('createAccount', {
        accountRegistration: entity.name,
        type: 'Entity',
        entityType: entity.entityType,
        domesticYN: domesticOf(entity.address),
        ...addressFields(entity.address, 'account'),
        email: entity.email,
        KYCstatus: 'Pending',
        AMLstatus: 'Pending',
      });
      const { accountId } = firstOf(
        read('createAccount', one(z.looseObject({ accountId: text })), answer.accountDetails),
      );
      await createLink(accountId, 'EntityACParty', entityId, false);
      for (const [i, owner] of entity.owners.entries())
        await createLink(accountId, 'IndivACParty', owner, i === 0);
      return { accountId, type: 'entity', registration: entity.name, owners: [...entity.owners], entityId };
    },
    async linkOwner(accountId, partyId) {
      const owners = ownersOf(await linksOf(accountId));
      if (!owners.includes(partyId))
        await createLink(accountId, 'IndivACParty', partyId, owners.length === 0);
      return getAccount(accountId);
    },
    account: getAccount,
    async requestAccreditation(accountId) {
      const answer = await post('requestAiVerification', { accountId, aiMethod: 'Upload' });
      const [request] = read('requestAiVerification', z.array(aiRequest).min(1), answer.accreditedDetails);
      return accreditationOfTransact(request?.accreditedStatus);
    },
    accreditation: accreditationOf,
    uploadDocument,
    documents: listDocuments,
    async recordSuitability(accountId, answers) {
      await put('calculateSuitability', {
        accountId,
        riskProfile: String(answers.riskProfile),
        investmentExperience: String(answers.investmentExperience),
        privOffExperience: String(answers.privateOfferingExperience),
        timeHorizon: answers.timeHorizonYears === undefined ? undefined : String(answers.timeHorizonYears),
        education: answers.education,
        financialAdvisor:
          answers.hasFinancialAdvisor === undefined ? undefined : answers.hasFinancialAdvisor ? 'Yes' : 'No',
        investmentObjective: answers.investmentObjective,
        notes: answers.notes,
      });
    },
    async linkBank(accountId, bank) {
      const problem = bankProblem(bank);
      if (problem) throw invalid(problem);
      const answer = await post('createExternalAccount', bankFields(accountId, bank));
      const linked = doneRecord('createExternalAccount', external, answer['External Account Details']);
      return bankOf(accountId, linked, bank);
    },
    async updateBank(accountId, bank) {
      const problem = bankProblem(bank);
      if (problem) throw invalid(problem);
      const answer = await post('updateExternalAccount', bankFields(accountId, bank));
      const linked = doneRecord(
        'updateExternalAccount',
        external,
        answer['Account External Account Details'],
      );
      return bankOf(accountId, linked, bank);
    },
    bank: linkedBank,
    async unlinkBank(accountId) {
      await post('deleteExternalAccount', { types: 'Account', accountId });
    },
    async linkCard(accountId, card) {
      const brand = checkedCard(card);
      await post('addCreditCard', {
        ...cardFields(accountId, card, brand),
        createdIpAddress: card.ipAddress,
      });
      return linkedCardOf(accountId, card, brand);
    },
    async updateCard(accountId, card) {
      const brand = checkedCard(card);
      await post('updateCreditCard', {
        ...cardFields(accountId, card, brand),
        updatedIpAddress: card.ipAddress,
      });
      return linkedCardOf(accountId, card, brand);
    },
    card: (accountId) =>
      orNull(TransactCode.noCreditCard, async () => {
        const answer = await post('getCreditCard', { accountId });
        const c = read('getCreditCard', creditCard, answer.creditcardDetails);
        // Transact answers the full number: only its last four and brand leave this function.
        const digits = (c.creditCardNumber ?? '').replace(/\D/g, '');
        const byType = { VI: 'visa', MC: 'mastercard', DI: 'discover' } as const;
        const brand = byType[c.cardType as keyof typeof byType] ?? brandOf(digits);
        return {
          accountId,
          nameOnCard: c.creditCardName ?? '',
          brand: brand === 'mastercard' || brand === 'discover' ? brand : 'visa',
          last4: digits.slice(-4),
          ...expiryOfTransact(c.expirationDate),
        };
      }),
    async unlinkCard(accountId) {
      await post('deleteCreditCard', { accountId });
    },
    async createOrder(order) {
      const problem = orderProblem(order.units, order.paymentMethod);
      if (problem) throw invalid(problem);
      assertMayInvest(SERVICE, await standing(order.accountId));
      const answer = await post('createTrade', {
        offeringId: order.offeringId,
        accountId: order.accountId,
        transactionType: order.paymentMethod,
        transactionUnits: String(order.units),
        createdIpAddress: order.ipAddress,
      });
      const created = doneRecord('createTrade', tradeCreated, answer.purchaseDetails);
      return {
        tradeId: created.tradeId,
        accountId: order.accountId,
        offeringId: order.offeringId,
        units: order.units,
        amount: centsOfTransact(created.transactionAmount),
        paymentMethod: order.paymentMethod,
        status: orderStatusOfTransact(created.transactionStatus) ?? 'created',
        createdAt: created.transactionDate ?? '',
      };
    },
    fundOrder: (tradeId) => moveOrder(tradeId, 'funded'),
    settleOrder: (tradeId) => moveOrder(tradeId, 'settled'),
    async cancelOrder(tradeId) {
      const current = await getOrder(tradeId);
      assertMoveOrder(SERVICE, tradeId, current.status, 'canceled');
      await post('deleteTrade', { tradeId, accountId: current.accountId });
      return getOrder(tradeId);
    },
    order: getOrder,
    async holdings(accountId) {
      const answer = await post('getTradesForAccount', { accountId });
      const list = answer.partyDetails ?? answer.tradeDetails ?? answer.accountDetails ?? [];
      const trades = read('getTradesForAccount', z.array(trade), list);
      return holdingsOf(
        accountId,
        trades.map((t) => orderOf('getTradesForAccount', t)),
      );
    },
    payOrder,
    async fundMove(tradeId) {
      const current = await getOrder(tradeId);
      return fundMoveFor(current.accountId, tradeId);
    },
    async resendSubscriptionDocuments(tradeId) {
      const current = await getOrder(tradeId);
      await post('resendSubscriptionDocuments', {
        offeringId: current.offeringId,
        accountId: current.accountId,
        tradeId,
      });
    },
  };
}
