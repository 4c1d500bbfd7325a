import type { IncomingMessage, ServerResponse } from 'node:http';
import { luhn } from '../card-provider/card-numbers.ts';
import { listenDouble } from '../http/double-server.ts';
import {
  TRANSACT_PATH,
  TransactCode,
  transactAccreditation,
  transactCheck,
  transactDollars,
} from './northcapital-wire.ts';
import {
  accreditationDecision,
  defaultSandboxOfferings,
  kycDecision,
  MIN_VERIFICATION_DOCUMENT_BYTES,
  type SandboxOffering,
} from './sandbox-rules.ts';

/** One request the double received, as Transact would read it. */
export interface NorthCapitalDoubleRequest {
  method: string;
  /** The call's name (`createParty`), the path after /tapiv3/index.php/v3/. */
  call: string;
  contentType: string;
  /** The form fields sent (files apart), credentials included: what the vendor receives. */
  fields: Record<string, string>;
  files: { field: string; fileName: string; size: number }[];
}

export interface NorthCapitalDouble {
  /** The host root: http://127.0.0.1:<port> */
  url: string;
  /** The API's base, with Transact's path prefix: what NORTHCAPITAL_API_URL points at. */
  apiUrl: string;
  requests: NorthCapitalDoubleRequest[];
  /** A party as the double keeps it (Transact's getParty fields), for assertions. */
  party(partyId: string): Readonly<Record<string, unknown>> | undefined;
  /** A trade as kept (its orderStatus, totalAmount in dollars…). */
  trade(tradeId: string): Readonly<Record<string, unknown>> | undefined;
  /** The suitability fields kept for an account. */
  suitability(accountId: string): Readonly<Record<string, string>> | undefined;
  /** How many times a trade's subscription documents were resent. */
  resends(tradeId: string): number;
  /** Every fund move made for a trade (externalFundMove, ccFundMove), as kept: more than one is money moved twice. */
  fundMoves(tradeId: string): readonly Readonly<Record<string, string>>[];
  /** While on, requests are read and never answered, until off or closed. */
  hang(on: boolean): void;
  /** While on, every call answers HTTP 503 with an HTML page. */
  outage(on: boolean): void;
  close(): Promise<void>;
}

type Fields = Record<string, string>;
interface UploadedFile {
  field: string;
  fileName: string;
  bytes: Uint8Array;
}
interface Answer {
  status: number;
  body: Record<string, unknown>;
}
interface Document {
  id: string;
  documentid: string;
  documentTitle: string;
  documentFileName: string;
  originalName: string;
  documentFileReferenceCode: string;
  documentUrl: string;
  createdDate: string;
}
interface Account {
  fields: Fields;
  external?: Fields;
  card?: Fields;
  suitability?: Fields;
  aiDocuments: Document[];
  aiRequests: Record<string, string>[];
}
/** A fund move as the double keeps it (Transact's fields; amounts in dollars, as it answers them). */
interface FundMove {
  kind: 'ACH' | 'CREDITCARD';
  accountId: string;
  tradeId: string;
  offeringId: string;
  totalAmount: string;
  RefNum: string;
  fundStatus: string;
  transactionstatus: string;
  description: string;
  checkNumber: string;
  NickName: string;
  createdIpAddress: string;
  createdDate: string;
}
interface Trade {
  id: string;
  offeringId: string;
  accountId: string;
  partyId: string;
  transactionType: string;
  /** Cents. */
  amount: number;
  units: number;
  orderStatus: string;
  createdDate: string;
  createdIpAddress: string;
  archived: boolean;
}

const ok = (body: Record<string, unknown> = {}): Answer => ({
  status: 200,
  body: { statusCode: TransactCode.ok, statusDesc: 'Ok', ...body },
});
/** Transact answers its refusals with HTTP 200 and its own code, credentials apart (HTTP 401, 103). */
const refuse = (statusCode: string, statusDesc: string, status = 200): Answer => ({
  status,
  body: { statusCode, statusDesc },
});
/** Transact's 106 with its `Error(s)` text, in its odd escaping (`u0026nbsp;` is a mangled `&nbsp;`). */
const missingAnswer = (names: string[]): Answer => ({
  status: 200,
  body: {
    'Error(s)': names.map((n) => `<br />${n}u0026nbsp;u0026nbsp; : Missing`).join(''),
    statusCode: TransactCode.missing,
    statusDesc: 'Data/parameter missing',
  },
});
const invalidAnswer = (text: string): Answer => ({
  status: 200,
  body: { 'Error(s)': text, statusCode: TransactCode.missing, statusDesc: 'Data/parameter missing' },
});

const partyMissing = () => refuse(TransactCode.partyMissing, 'Party Account does not exist.');
const accountMissing = () => refuse(TransactCode.accountMissing, 'Account is not exist/active.');
const tradeAccountMissing = () => refuse(TransactCode.tradeAccountMissing, 'Trade Account does not exist');

/** `YYYY-MM-DD HH:MM:SS`, as Transact dates records. */
const stamp = () => new Date().toISOString().slice(0, 19).replace('T', ' ');
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** The order moves the double accepts (updateTradeStatus), and the status each move needs. */
const tradeMoves: Readonly<Record<string, string>> = {
  FUNDED: 'CREATED',
  SETTLED: 'FUNDED',
  'UNWIND PENDING': 'FUNDED',
  'UNWIND SETTLED': 'UNWIND PENDING',
};

/**
 * A test double of North Capital's Transact API (v3), on 127.0.0.1 at a random port, speaking its wire as
 * documented (transactapi.readme.io) and as public test suites saw its sandbox answer: every call is
 * `/tapiv3/index.php/v3/<call>`, a POST (a PUT for createParty, createEntity, createAccount, createLink and
 * calculateSuitability) with form fields (urlencoded or JSON; multipart for uploads, and multipart on a PUT
 * is unreadable: HTTP 401, 103) including `clientID` and `developerAPIKey` (or `Authorization: Bearer
 * clientID:developerAPIKey`); wrong credentials answer HTTP 401 with statusCode 103. Every other answer is
 * HTTP 200 `{ statusCode, statusDesc, … }`: 101 Ok; 106 Data/parameter missing (with Transact's
 * `Error(s)` text); 198 an unknown party or entity; 148 (135 on createExternalAccount) an unknown account;
 * 138 an unknown offering; 189 an unknown trade, 188 a trade not of that account; 190 a trade not in the
 * status a move needs; 116 a second external account; 149 none to read; 233 no such AI document.
 *
 * It is stateful as the sandbox dashboard is: parties with their KYC/AML statuses (performKycAml decides by
 * sandbox-rules.ts), entities, accounts and their links, documents (multipart `userfile0` / `userfile`, a
 * verification document under 1,000 bytes refused), accreditation requests decided by North Capital's
 * magic file names, suitability, one external account and one card per account (account numbers answered
 * base64-encoded on create, as Transact does; getCreditCard answers the full number, as its reference
 * models it), trades moving CREATED → FUNDED → SETTLED (or FUNDED → UNWIND PENDING → UNWIND SETTLED) with
 * SETTLED final, deleteTrade cancelling a CREATED one only, and resent subscription documents counted.
 * Orders are paid by externalFundMove (an ACH trade of that account and offering, 188 otherwise, 194 for
 * another type; the external account named by its nickname, 149 otherwise; at most $100,000.00) or
 * ccFundMove (the trade's own amount on the account's card, at most $5,000.00); each call is one more
 * fund move kept, as Transact takes no idempotency key, listed by getExternalFundMoveHistory
 * (`accountDetails`) and getCCFundMoveHistory, and counted per trade for the specs;
 * updateTradeTransactionType changes a CREATED trade's type.
 * It places a trade for any existing account: like Transact, it does not check KYC or accreditation, so
 * the port's money rule is what a spec exercises.
 *
 * The double's own choices where no answer was found documented: the text of 103, 189's text, 404 for a
 * card that is not there, 116 for a second card, the keys `entityDocumentDetails` (getEntityDocument) and
 * `partyDetails` (getTradesForAccount), and refusing a move out of order with 190 ("Trade status should
 * be in …"); the real sandbox does not appear to enforce trade moves. For payments: ccFundMove refusing a
 * trade not of type CREDITCARD (106) and an account without a card (404), and getCCFundMoveHistory's rows
 * under `creditcardDetails` with the reference as `RefNum` (getCCFundMoveInfo's words). Only the specs
 * start it.
 */
export async function startNorthCapitalDouble(options: {
  clientId: string;
  apiKey: string;
  offerings?: Readonly<Record<string, SandboxOffering>>;
}): Promise<NorthCapitalDouble> {
  const offerings = options.offerings ?? defaultSandboxOfferings;
  const requests: NorthCapitalDoubleRequest[] = [];
  const parties = new Map<string, { fields: Record<string, unknown>; documents: Document[] }>();
  const entities = new Map<string, { fields: Record<string, unknown>; documents: Document[] }>();
  const accounts = new Map<string, Account>();
  const links: Record<string, string>[] = [];
  const trades = new Map<string, Trade>();
  const resends = new Map<string, number>();
  const fundMoves: FundMove[] = [];
  let down = false;
  let hanging = false;
  let serial = 0;
  const nextNumber = () => String(++serial + 200_000);

  const required = (fields: Fields, names: string[]): Answer | null => {
    const absent = names.filter((name) => !fields[name]?.trim());
    return absent.length > 0 ? missingAnswer(absent) : null;
  };
  /** What a create or update keeps: the form's fields but the credentials. */
  const kept = (fields: Fields) => {
    const { clientID: _c, developerAPIKey: _k, ...rest } = fields;
    return rest;
  };
  const documentOf = (file: UploadedFile, title: string): Document => {
    const number = nextNumber();
    const extension = /\.[A-Za-z0-9]+$/.exec(file.fileName)?.[0] ?? '';
    return {
      id: number,
      documentid: `D${number.slice(-4)}`,
      documentTitle: title,
      documentFileName: `${number}${Date.now().toString(36)}${extension}`,
      originalName: file.fileName,
      documentFileReferenceCode: `${number}000000`.slice(0, 12),
      documentUrl: `/admin_v3/Upload_documentation/uploadDocument/${b64(number)}`,
      createdDate: stamp(),
    };
  };
  const tradeView = (t: Trade) => ({
    id: t.id,
    developerAPIKey: 'xxxxxxxxxxx',
    offeringId: t.offeringId,
    accountId: t.accountId,
    partyId: t.partyId,
    party_type: 'IndivACParty',
    escrowId: null,
    orderId: t.id,
    transactionType: t.transactionType,
    totalAmount: transactDollars(t.amount, 6),
    totalShares: t.units.toFixed(6),
    orderStatus: t.orderStatus,
    createdDate: t.createdDate,
    createdIpAddress: t.createdIpAddress,
    errors: '',
    documentKey: '',
    esignStatus: 'NOTSIGNED',
    users: '',
    archived_status: t.archived ? '1' : '0',
    field1: '',
    field2: '',
    field3: '',
  });
  const primaryParty = (accountId: string) =>
    links.find(
      (l) => l.firstEntry === accountId && l.relatedEntryType === 'IndivACParty' && l.primary_value === '1',
    )?.relatedEntry ??
    links.find((l) => l.firstEntry === accountId && l.relatedEntryType === 'IndivACParty')?.relatedEntry ??
    '';

  /** A fund move made and kept: each call makes one, as Transact's does (it takes no idempotency key). */
  const fundMove = (kind: FundMove['kind'], trade: Trade, f: Fields, totalAmount: string): FundMove => {
    const move: FundMove = {
      kind,
      accountId: trade.accountId,
      tradeId: trade.id,
      offeringId: trade.offeringId,
      totalAmount,
      RefNum: nextNumber(),
      fundStatus: 'Pending',
      transactionstatus: 'Pending',
      description: f.description ?? '',
      checkNumber: f.checkNumber ?? '',
      NickName: f.NickName ?? '',
      createdIpAddress: f.createdIpAddress ?? '',
      createdDate: stamp(),
    };
    fundMoves.push(move);
    return move;
  };
  /** A fund move as externalFundMove answers it (the sandbox's answer, with its empty notes). */
  const fundMoveView = (m: FundMove) => ({
    accountId: m.accountId,
    RefNum: m.RefNum,
    fundStatus: m.fundStatus,
    notes: '',
    offeringId: m.offeringId,
    tradeId: m.tradeId,
    totalAmount: m.totalAmount,
    transactionstatus: m.transactionstatus,
  });
  /** An account's fund moves of one kind, as the history calls list them. */
  const movesOf = (accountId: string, kind: FundMove['kind']) =>
    fundMoves
      .filter((m) => m.accountId === accountId && m.kind === kind)
      .map((m) => ({ ...fundMoveView(m), createdDate: m.createdDate, errors: null }));

  const upload = (
    fields: Fields,
    files: UploadedFile[],
    idField: string,
    fileField: string,
    find: (id: string) => { documents: Document[] } | undefined,
    missing: () => Answer,
    minimum = 0,
  ): Answer => {
    const absent = required(fields, [idField]);
    if (absent) return absent;
    const file = files.find((f) => f.field === fileField);
    if (!file) return missingAnswer([fileField]);
    const owner = find(fields[idField] ?? '');
    if (!owner) return missing();
    if (file.bytes.byteLength < minimum) return invalidAnswer('Document File Size Must Be Greater Than 1 kb');
    owner.documents.push(documentOf(file, fields.documentTitle ?? file.fileName));
    return ok({ document_details: 'Document has been uploaded Successfully' });
  };
  const documentList = (documents: Document[], owner: Record<string, string>) =>
    documents.map(({ originalName: _o, ...d }) => ({ ...d, ...owner }));

  /** The calls: each with the method Transact documents for it. */
  const calls: Record<string, { method: 'PUT' | 'POST'; run: (f: Fields, files: UploadedFile[]) => Answer }> =
    {
      createParty: {
        method: 'PUT',
        run(f) {
          const absent = required(f, [
            'domicile',
            'firstName',
            'lastName',
            'dob',
            'primCountry',
            'primAddress1',
            'primCity',
            'primState',
            'primZip',
            'emailAddress',
          ]);
          if (absent) return absent;
          const partyId = `P${nextNumber()}`;
          const fields = kept(f);
          parties.set(partyId, {
            fields: {
              ...fields,
              partyId,
              kycStatus: f.KYCstatus ?? null,
              amlStatus: f.AMLstatus ?? null,
              createdDate: stamp(),
              updatedDate: stamp(),
            },
            documents: [],
          });
          return ok({
            partyDetails: [
              true,
              [{ partyId, KYCstatus: f.KYCstatus ?? null, AMLstatus: f.AMLstatus ?? null }],
            ],
          });
        },
      },
      updateParty: {
        method: 'POST',
        run(f) {
          const absent = required(f, ['partyId']);
          if (absent) return absent;
          const party = parties.get(f.partyId ?? '');
          if (!party) return partyMissing();
          Object.assign(party.fields, kept(f), { updatedDate: stamp() });
          if (f.KYCstatus) party.fields.kycStatus = f.KYCstatus;
          if (f.AMLstatus) party.fields.amlStatus = f.AMLstatus;
          return ok({
            partyDetails: [
              true,
              [{ partyId: f.partyId, KYCstatus: party.fields.kycStatus, AMLstatus: party.fields.amlStatus }],
            ],
          });
        },
      },
      getParty: {
        method: 'POST',
        run(f) {
          const absent = required(f, ['partyId']);
          if (absent) return absent;
          const party = parties.get(f.partyId ?? '');
          if (!party) return partyMissing();
          const { KYCstatus: _k, AMLstatus: _a, ...fields } = party.fields;
          return ok({ partyDetails: [fields] });
        },
      },
      performKycAml: {
        method: 'POST',
        run(f) {
          const absent = required(f, ['partyId']);
          if (absent) return absent;
          const party = parties.get(f.partyId ?? '');
          if (!party) return partyMissing();
          const decision = kycDecision(String(party.fields.lastName ?? ''));
          party.fields.kycStatus = transactCheck(decision.kyc);
          party.fields.amlStatus = transactCheck(decision.aml);
          party.fields.amlDate = stamp().slice(0, 10);
          return ok({
            kyc: {
              kycstatus: party.fields.kycStatus,
              amlstatus: party.fields.amlStatus,
              response: {
                'summary-result':
                  decision.kyc === 'approved'
                    ? { key: 'id.success', message: 'PASS' }
                    : { key: 'id.failure', message: 'FAIL' },
              },
            },
          });
        },
      },
      createEntity: {
        method: 'PUT',
        run(f) {
          const absent = required(f, [
            'entityName',
            'primCountry',
            'primAddress1',
            'primCity',
            'primState',
            'primZip',
            'emailAddress',
          ]);
          if (absent) return absent;
          const partyId = `E${nextNumber()}`;
          entities.set(partyId, {
            fields: {
              ...kept(f),
              partyId,
              KYCstatus: f.KYCstatus ?? 'Pending',
              AMLstatus: f.AMLstatus ?? 'Pending',
            },
            documents: [],
          });
          return ok({
            entityDetails: [
              true,
              [{ partyId, KYCstatus: f.KYCstatus ?? 'Pending', AMLstatus: f.AMLstatus ?? 'Pending' }],
            ],
          });
        },
      },
      getEntity: {
        method: 'POST',
        run(f) {
          const absent = required(f, ['partyId']);
          if (absent) return absent;
          const entity = entities.get(f.partyId ?? '');
          if (!entity) return partyMissing();
          return ok({ entityDetails: [entity.fields] });
        },
      },
      createAccount: {
        method: 'PUT',
        run(f) {
          const absent = required(f, [
            'accountRegistration',
            'type',
            'domesticYN',
            'streetAddress1',
            'city',
            'state',
            'zip',
            'country',
            'KYCstatus',
            'AMLstatus',
          ]);
          if (absent) return absent;
          const accountId = `A${nextNumber()}`;
          accounts.set(accountId, {
            fields: { ...kept(f), accountId, AccreditedStatus: 'Pending' },
            aiDocuments: [],
            aiRequests: [],
          });
          return ok({ accountDetails: [{ accountId }] });
        },
      },
      getAccount: {
        method: 'POST',
        run(f) {
          const absent = required(f, ['accountId']);
          if (absent) return absent;
          const account = accounts.get(f.accountId ?? '');
          if (!account) return accountMissing();
          return ok({ accountDetails: account.fields });
        },
      },
      createLink: {
        method: 'PUT',
        run(f) {
          const absent = required(f, [
            'firstEntryType',
            'firstEntry',
            'relatedEntryType',
            'relatedEntry',
            'linkType',
            'primary_value',
          ]);
          if (absent) return absent;
          if (f.firstEntryType !== 'Account') return invalidAnswer('firstEntryType : Account only');
          if (!accounts.has(f.firstEntry ?? '')) return accountMissing();
          const related = f.relatedEntry ?? '';
          if (f.relatedEntryType === 'IndivACParty' && !parties.has(related)) return partyMissing();
          if (f.relatedEntryType === 'EntityACParty' && !entities.has(related)) return partyMissing();
          if (f.relatedEntryType === 'Account' && !accounts.has(related)) return accountMissing();
          if (!['IndivACParty', 'EntityACParty', 'Account'].includes(f.relatedEntryType ?? ''))
            return invalidAnswer('relatedEntryType : Account, IndivACParty or EntityACParty');
          const primary = f.primary_value === '1';
          if (primary && f.relatedEntryType !== 'IndivACParty')
            return invalidAnswer('primary_value : the primary party must be an IndivACParty');
          // One primary party per account: a new primary takes the place of the old.
          if (primary) for (const l of links) if (l.firstEntry === f.firstEntry) l.primary_value = '0';
          const id = nextNumber();
          links.push({
            id,
            firstEntryType: 'Account',
            firstEntry: f.firstEntry ?? '',
            relatedEntryType: f.relatedEntryType ?? '',
            relatedEntry: related,
            linkType: f.linkType ?? '',
            notes: f.notes ?? '',
            primary_value: primary ? '1' : '0',
          });
          return ok({ linkDetails: [true, [{ id }]] });
        },
      },
      getAllLinks: {
        method: 'POST',
        run(f) {
          const absent = required(f, ['accountId']);
          if (absent) return absent;
          if (!accounts.has(f.accountId ?? '')) return accountMissing();
          return ok({
            linkDetails: links
              .filter((l) => l.firstEntry === f.accountId)
              .map(({ primary_value: _p, ...l }) => l),
          });
        },
      },
      uploadPartyDocument: {
        method: 'POST',
        run: (f, files) => upload(f, files, 'partyId', 'userfile0', (id) => parties.get(id), partyMissing),
      },
      getPartyDocument: {
        method: 'POST',
        run(f) {
          const absent = required(f, ['partyId']);
          if (absent) return absent;
          const party = parties.get(f.partyId ?? '');
          if (!party) return partyMissing();
          const documents = party.documents.filter((d) => !f.documentId || d.documentid === f.documentId);
          return ok({ partyDocumentDetails: documentList(documents, { partyid: f.partyId ?? '' }) });
        },
      },
      uploadEntityDocument: {
        method: 'POST',
        run: (f, files) => upload(f, files, 'partyId', 'userfile0', (id) => entities.get(id), partyMissing),
      },
      getEntityDocument: {
        method: 'POST',
        run(f) {
          const absent = required(f, ['partyId']);
          if (absent) return absent;
          const entity = entities.get(f.partyId ?? '');
          if (!entity) return partyMissing();
          return ok({ entityDocumentDetails: documentList(entity.documents, { partyid: f.partyId ?? '' }) });
        },
      },
      uploadVerificationDocument: {
        method: 'POST',
        run: (f, files) =>
          upload(
            f,
            files,
            'accountId',
            'userfile',
            (id) => {
              const account = accounts.get(id);
              return account && { documents: account.aiDocuments };
            },
            accountMissing,
            MIN_VERIFICATION_DOCUMENT_BYTES,
          ),
      },
      getAiDocument: {
        method: 'POST',
        run(f) {
          const absent = required(f, ['accountId']);
          if (absent) return absent;
          const account = accounts.get(f.accountId ?? '');
          if (!account) return accountMissing();
          const documents = account.aiDocuments.filter((d) => !f.documentId || d.documentid === f.documentId);
          if (f.documentId && documents.length === 0)
            return refuse(TransactCode.noAiDocument, 'No AI document found for this account');
          return ok({ document_details: documentList(documents, { accountId: f.accountId ?? '' }) });
        },
      },
      requestAiVerification: {
        method: 'POST',
        run(f) {
          const absent = required(f, ['accountId']);
          if (absent) return absent;
          const account = accounts.get(f.accountId ?? '');
          if (!account) return accountMissing();
          const decision = accreditationDecision(account.aiDocuments.map((d) => d.originalName));
          const airequestId = nextNumber();
          account.aiRequests.push({
            airequestId,
            accountId: f.accountId ?? '',
            aiMethod: f.aiMethod ?? 'Upload',
            aiRequestStatus: decision.requestStatus,
            accreditedStatus: transactAccreditation(decision.accreditation),
            createdDate: stamp(),
          });
          account.fields.AccreditedStatus = transactAccreditation(decision.accreditation);
          // The request itself answers pending (North Capital's sandbox); the decision is read with getAiRequest.
          return ok({
            accreditedDetails: [
              {
                accountId: f.accountId,
                airequestId,
                accreditedStatus: 'pending',
                aiRequestStatus: 'Pending',
              },
            ],
          });
        },
      },
      getAiRequest: {
        method: 'POST',
        run(f) {
          const absent = required(f, ['accountId']);
          if (absent) return absent;
          const account = accounts.get(f.accountId ?? '');
          if (!account) return accountMissing();
          return ok({
            accreditedDetails: {
              documents: documentList(account.aiDocuments, { accountId: f.accountId ?? '' }),
              request: account.aiRequests.map((r) => ({ ...r })),
            },
          });
        },
      },
      calculateSuitability: {
        method: 'PUT',
        run(f) {
          const absent = required(f, ['accountId']);
          if (absent) return absent;
          const account = accounts.get(f.accountId ?? '');
          if (!account) return accountMissing();
          account.suitability = kept(f);
          return ok({ suitabilityDetails: [true, [{ ...kept(f) }]] });
        },
      },
      createExternalAccount: {
        method: 'POST',
        run(f) {
          const absent = required(f, externalFields);
          if (absent) return absent;
          // Transact's sandbox answers Ok and keeps nothing when `types` is not exactly `Account`.
          if (f.types !== 'Account') return ok({ '': null });
          const account = accounts.get(f.accountId ?? '');
          if (!account) return refuse(TransactCode.accountNotActive, 'Account ID is not EXIST / ACTIVE');
          if (account.external)
            return refuse(TransactCode.alreadyLinked, 'This acoount already has external financial account.');
          account.external = { ...kept(f), createdDate: stamp(), updatedDate: stamp() };
          return ok({ 'External Account Details': [true, [externalView(f)]] });
        },
      },
      updateExternalAccount: {
        method: 'POST',
        run(f) {
          const absent = required(f, externalFields);
          if (absent) return absent;
          if (f.types !== 'Account') return ok({ '': null });
          const account = accounts.get(f.accountId ?? '');
          if (!account) return accountMissing();
          if (!account.external)
            return refuse(
              TransactCode.noExternalAccount,
              'Investor External Account does not exist / Nickname mismatch.',
            );
          account.external = { ...account.external, ...kept(f), updatedDate: stamp() };
          return ok({ 'Account External Account Details': [true, [externalView(account.external)]] });
        },
      },
      getExternalAccount: {
        method: 'POST',
        run(f) {
          if (f.types !== 'Account' || !f.accountId)
            return missingAnswer(f.accountId ? ['types'] : ['accountId']);
          const account = accounts.get(f.accountId);
          if (!account) return accountMissing();
          const external = account.external;
          if (!external)
            return refuse(
              TransactCode.noExternalAccount,
              'Investor External Account does not exist / Nickname mismatch.',
            );
          return ok({
            accountId: f.accountId,
            statusDesc: {
              AccountName: external.ExtAccountfullname,
              AccountNickName: external.Extnickname,
              AccountRoutingNumber: external.ExtRoutingnumber,
              AccountNumber: external.ExtAccountnumber,
              accountType: accountTypeOf(external.accountType),
              updatedDate: external.updatedDate,
              createdDate: external.createdDate,
            },
          });
        },
      },
      deleteExternalAccount: {
        method: 'POST',
        run(f) {
          if (f.types !== 'Account' || !f.accountId)
            return missingAnswer(f.accountId ? ['types'] : ['accountId']);
          const account = accounts.get(f.accountId);
          if (!account) return accountMissing();
          delete account.external;
          return ok({
            'Account External Account Details': [true, [{ accountId: f.accountId, Ext_status: 'Deleted' }]],
          });
        },
      },
      addCreditCard: {
        method: 'POST',
        run(f) {
          const absent = required(f, [...cardFields, 'createdIpAddress']);
          if (absent) return absent;
          const account = accounts.get(f.accountId ?? '');
          if (!account) return accountMissing();
          if (account.card)
            return refuse(TransactCode.alreadyLinked, 'This account already has a credit card.');
          const invalid = cardInvalid(f);
          if (invalid) return invalid;
          account.card = cardKept(f);
          return ok({ creditcardDetails: 'Credit Card details added successfully' });
        },
      },
      updateCreditCard: {
        method: 'POST',
        run(f) {
          const absent = required(f, [...cardFields, 'updatedIpAddress']);
          if (absent) return absent;
          const account = accounts.get(f.accountId ?? '');
          if (!account) return accountMissing();
          if (!account.card) return refuse(TransactCode.noCreditCard, 'Credit card details does not exist.');
          const invalid = cardInvalid(f);
          if (invalid) return invalid;
          account.card = cardKept(f);
          return ok({ creditcardDetails: 'Credit Card details updated successfully' });
        },
      },
      getCreditCard: {
        method: 'POST',
        run(f) {
          const absent = required(f, ['accountId']);
          if (absent) return absent;
          const account = accounts.get(f.accountId ?? '');
          if (!account) return accountMissing();
          if (!account.card) return refuse(TransactCode.noCreditCard, 'Credit card details does not exist.');
          return ok({ creditcardDetails: { accountId: f.accountId, ...account.card } });
        },
      },
      deleteCreditCard: {
        method: 'POST',
        run(f) {
          const absent = required(f, ['accountId']);
          if (absent) return absent;
          const account = accounts.get(f.accountId ?? '');
          if (!account) return accountMissing();
          delete account.card;
          return ok({ creditcardDetails: 'Credit card deleted successfully' });
        },
      },
      createTrade: {
        method: 'POST',
        run(f) {
          const absent = required(f, ['offeringId', 'accountId', 'transactionType', 'transactionUnits']);
          if (absent) return absent;
          if (!accounts.has(f.accountId ?? '')) return accountMissing();
          const offering = offerings[f.offeringId ?? ''];
          if (!offering) return refuse(TransactCode.offeringMissing, 'Offering ID does not exist.');
          if (!transactionTypes.includes(f.transactionType ?? ''))
            return invalidAnswer('transactionType : ACH, WIRE, CHECK, CREDITCARD, TBD or IRA');
          const units = Number(f.transactionUnits);
          if (!(units > 0)) return invalidAnswer('transactionUnits : Numeric values only');
          const trade: Trade = {
            id: nextNumber(),
            offeringId: f.offeringId ?? '',
            accountId: f.accountId ?? '',
            partyId: primaryParty(f.accountId ?? ''),
            transactionType: f.transactionType ?? '',
            amount: Math.round(units * offering.unitPrice),
            units,
            orderStatus: 'CREATED',
            createdDate: stamp(),
            createdIpAddress: f.createdIpAddress ?? '',
            archived: false,
          };
          trades.set(trade.id, trade);
          return ok({
            purchaseDetails: [
              true,
              [
                {
                  tradeId: trade.id,
                  transactionId: `${trade.id}${Date.now()}`.slice(0, 12),
                  transactionAmount: transactDollars(trade.amount),
                  transactionDate: trade.createdDate,
                  transactionStatus: 'CREATED',
                  RRApprovalStatus: 'Pending',
                  RRName: null,
                  RRApprovalDate: null,
                  PrincipalApprovalStatus: 'Pending',
                  PrincipalName: null,
                  PrincipalDate: null,
                },
              ],
            ],
          });
        },
      },
      getTradeStatus: {
        method: 'POST',
        run(f) {
          const absent = required(f, ['tradeId']);
          if (absent) return absent;
          const trade = trades.get(f.tradeId ?? '');
          if (!trade) return refuse(TransactCode.tradeMissing, 'Trade ID does not exist');
          return ok({ tradeDetails: [tradeView(trade)] });
        },
      },
      updateTradeStatus: {
        method: 'POST',
        run(f) {
          const absent = required(f, ['tradeId', 'accountId', 'orderStatus']);
          if (absent) return absent;
          const trade = trades.get(f.tradeId ?? '');
          if (!trade) return refuse(TransactCode.tradeMissing, 'Trade ID does not exist');
          if (trade.accountId !== f.accountId) return tradeAccountMissing();
          const to = (f.orderStatus ?? '').toUpperCase().replace('_', ' ');
          if (!['CREATED', 'FUNDED', 'UNWIND PENDING', 'UNWIND SETTLED', 'SETTLED'].includes(to))
            return invalidAnswer('orderStatus : CREATED, FUNDED, UNWIND PENDING, UNWIND SETTLED or SETTLED');
          const from = tradeMoves[to];
          if (!from || trade.orderStatus !== from)
            return refuse(
              TransactCode.tradeStatus,
              `Trade status should be in ${from ?? 'a status that can move'}`,
            );
          trade.orderStatus = to;
          return ok({ tradeDetails: [tradeView(trade)] });
        },
      },
      deleteTrade: {
        method: 'POST',
        run(f) {
          const absent = required(f, ['tradeId', 'accountId']);
          if (absent) return absent;
          const trade = trades.get(f.tradeId ?? '');
          if (!trade || trade.accountId !== f.accountId) return tradeAccountMissing();
          if (trade.orderStatus !== 'CREATED')
            return refuse(TransactCode.tradeStatus, 'Trade status should be in CREATED');
          trade.orderStatus = 'CANCELED';
          trade.archived = true;
          return ok();
        },
      },
      getTradesForAccount: {
        method: 'POST',
        run(f) {
          const absent = required(f, ['accountId']);
          if (absent) return absent;
          if (!accounts.has(f.accountId ?? '')) return accountMissing();
          return ok({
            partyDetails: [...trades.values()].filter((t) => t.accountId === f.accountId).map(tradeView),
          });
        },
      },
      resendSubscriptionDocuments: {
        method: 'POST',
        run(f) {
          const absent = required(f, ['offeringId', 'accountId', 'tradeId']);
          if (absent) return absent;
          const trade = trades.get(f.tradeId ?? '');
          if (!trade || trade.accountId !== f.accountId || trade.offeringId !== f.offeringId)
            return tradeAccountMissing();
          resends.set(trade.id, (resends.get(trade.id) ?? 0) + 1);
          return ok({ document_details: 'Subscription documents sent successfully' });
        },
      },
      updateTradeTransactionType: {
        method: 'POST',
        run(f) {
          const absent = required(f, ['tradeId', 'transactionType']);
          if (absent) return absent;
          const trade = trades.get(f.tradeId ?? '');
          if (!trade) return refuse(TransactCode.tradeMissing, 'Trade ID does not exist');
          if (!transactionTypes.includes(f.transactionType ?? ''))
            return invalidAnswer('transactionType : ACH, WIRE, CHECK, CREDITCARD, TBD or IRA');
          if (trade.orderStatus !== 'CREATED')
            return refuse(TransactCode.tradeStatus, 'Trade status should be in CREATED');
          trade.transactionType = f.transactionType ?? '';
          return ok({ TradeDetails: [tradeView(trade)] });
        },
      },
      externalFundMove: {
        method: 'POST',
        run(f) {
          const absent = required(f, [
            'accountId',
            'offeringId',
            'tradeId',
            'NickName',
            'amount',
            'description',
            'checkNumber',
          ]);
          if (absent) return absent;
          const account = accounts.get(f.accountId ?? '');
          if (!account) return accountMissing();
          const trade = trades.get(f.tradeId ?? '');
          if (!trade || trade.accountId !== f.accountId || trade.offeringId !== f.offeringId)
            return tradeAccountMissing();
          if (trade.transactionType !== 'ACH')
            return refuse(TransactCode.notAchTrade, 'Trade Id you entered is not an ACH trade');
          if (!account.external || account.external.Extnickname !== f.NickName)
            return refuse(
              TransactCode.noExternalAccount,
              'Investor External Account does not exist / Nickname mismatch.',
            );
          const amount = Number(f.amount);
          if (!(amount > 0) || amount > 100_000)
            return invalidAnswer('amount : The amount is limited to $100,000.00');
          const move = fundMove('ACH', trade, f, amount.toFixed(6));
          return ok({ TradeFinancialDetails: [fundMoveView(move)] });
        },
      },
      getExternalFundMoveHistory: {
        method: 'POST',
        run(f) {
          const absent = required(f, ['accountId']);
          if (absent) return absent;
          if (!accounts.has(f.accountId ?? '')) return accountMissing();
          return ok({ accountDetails: movesOf(f.accountId ?? '', 'ACH') });
        },
      },
      ccFundMove: {
        method: 'POST',
        run(f) {
          const absent = required(f, ['accountId', 'tradeId', 'createdIpAddress']);
          if (absent) return absent;
          const account = accounts.get(f.accountId ?? '');
          if (!account) return accountMissing();
          const trade = trades.get(f.tradeId ?? '');
          if (!trade) return refuse(TransactCode.tradeMissing, 'Trade Id does not exits');
          if (trade.accountId !== f.accountId) return tradeAccountMissing();
          if (trade.transactionType !== 'CREDITCARD')
            return invalidAnswer('tradeId : not a CREDITCARD trade');
          if (!account.card) return refuse(TransactCode.noCreditCard, 'Credit card details does not exist.');
          if (trade.amount > 500_000)
            return invalidAnswer('amount : The maximum amount per transaction is $5,000.00');
          // ccFundMove charges the trade's own amount (ccFundMovement is the call taking another).
          const move = fundMove('CREDITCARD', trade, f, transactDollars(trade.amount, 6));
          const { RefNum, ...view } = fundMoveView(move);
          return ok({ transactionDetails: { ...view, ccreferencenumber: RefNum } });
        },
      },
      getCCFundMoveHistory: {
        method: 'POST',
        run(f) {
          const absent = required(f, ['accountId']);
          if (absent) return absent;
          if (!accounts.has(f.accountId ?? '')) return accountMissing();
          return ok({ creditcardDetails: movesOf(f.accountId ?? '', 'CREDITCARD') });
        },
      },
    };

  async function read(
    request: IncomingMessage,
  ): Promise<{ fields: Fields; files: UploadedFile[] } | 'unreadable'> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const type = request.headers['content-type'] ?? '';
    const fields: Fields = {};
    const files: UploadedFile[] = [];
    if (type.startsWith('multipart/form-data')) {
      if (request.method === 'PUT') return 'unreadable';
      const form = await new Response(raw, { headers: { 'content-type': type } }).formData();
      for (const [name, value] of form.entries()) {
        if (typeof value === 'string') fields[name] = value;
        else
          files.push({ field: name, fileName: value.name, bytes: new Uint8Array(await value.arrayBuffer()) });
      }
    } else if (type.startsWith('application/json')) {
      try {
        const parsed = JSON.parse(raw.toString('utf8') || '{}') as Record<string, unknown>;
        for (const [key, value] of Object.entries(parsed)) if (value != null) fields[key] = String(value);
      } catch {
        return 'unreadable';
      }
    } else {
      for (const [key, value] of new URLSearchParams(raw.toString('utf8'))) fields[key] = value;
    }
    return { fields, files };
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const answer = (a: Answer) => {
      response.writeHead(a.status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(a.body));
    };
    const path = new URL(request.url ?? '/', 'http://double').pathname;
    const body = await read(request);
    const call = path.startsWith(`${TRANSACT_PATH}/`) ? path.slice(TRANSACT_PATH.length + 1) : path;
    requests.push({
      method: request.method ?? '',
      call,
      contentType: request.headers['content-type'] ?? '',
      fields: body === 'unreadable' ? {} : { ...body.fields },
      files:
        body === 'unreadable'
          ? []
          : body.files.map((f) => ({ field: f.field, fileName: f.fileName, size: f.bytes.byteLength })),
    });
    if (hanging) return; // never answered: the caller's timeout decides
    if (down) {
      response.writeHead(503, { 'content-type': 'text/html' });
      response.end('<html><body>Service Unavailable</body></html>');
      return;
    }
    const bearer = /^Bearer (.+):(.+)$/.exec(request.headers.authorization ?? '');
    const fields = body === 'unreadable' ? {} : body.fields;
    const clientId = fields.clientID ?? bearer?.[1];
    const apiKey = fields.developerAPIKey ?? bearer?.[2];
    if (body === 'unreadable' || clientId !== options.clientId || apiKey !== options.apiKey)
      return answer(refuse(TransactCode.unauthorized, 'Invalid Client ID / Developer API Key', 401));
    const endpoint = path.startsWith(`${TRANSACT_PATH}/`) ? calls[call] : undefined;
    if (!endpoint) return answer(refuse('404', `No such call: ${call}`, 404));
    if (request.method !== endpoint.method)
      return answer(refuse('404', `${call} is called with ${endpoint.method}`, 404));
    return answer(endpoint.run(fields, body.files));
  }

  const server = await listenDouble(handle);
  const { url } = server;
  return {
    url,
    apiUrl: `${url}${TRANSACT_PATH}`,
    requests,
    party: (partyId) => parties.get(partyId)?.fields,
    trade: (tradeId) => {
      const t = trades.get(tradeId);
      return t && tradeView(t);
    },
    suitability: (accountId) => accounts.get(accountId)?.suitability,
    resends: (tradeId) => resends.get(tradeId) ?? 0,
    fundMoves: (tradeId) => fundMoves.filter((m) => m.tradeId === tradeId).map((m) => ({ ...m })),
    hang: (on) => {
      hanging = on;
    },
    outage: (on) => {
      down = on;
    },
    close: () => server.close(),
  };
}

/** The trade types Transact takes (createTrade, updateTradeTransactionType). */
const transactionTypes = ['ACH', 'WIRE', 'CHECK', 'CREDITCARD', 'TBD', 'IRA'];

const externalFields = [
  'types',
  'accountId',
  'ExtAccountfullname',
  'Extnickname',
  'ExtRoutingnumber',
  'ExtAccountnumber',
  'updatedIpAddress',
];

/** Transact keeps Checking or Savings, and takes anything else as Checking (its sandbox did). */
const accountTypeOf = (type: string | undefined) => (/^savings$/i.test(type ?? '') ? 'Savings' : 'Checking');

/** The external account as createExternalAccount answers it: its numbers base64-encoded. */
const externalView = (f: Fields) => ({
  accountId: f.accountId,
  ExtAccountfullname: f.ExtAccountfullname,
  ExtAccountnumber: b64(f.ExtAccountnumber ?? ''),
  ExtRoutingnumber: b64(f.ExtRoutingnumber ?? ''),
  Extnickname: f.Extnickname,
  accountType: accountTypeOf(f.accountType),
  types: 'Account',
});

const cardFields = [
  'accountId',
  'creditCardName',
  'creditCardNumber',
  'expirationDate',
  'cvvNumber',
  'cardType',
];

const cardInvalid = (f: Fields): Answer | null => {
  if (!/^\d{13,19}$/.test(f.creditCardNumber ?? '') || !luhn(f.creditCardNumber ?? ''))
    return invalidAnswer('creditCardNumber : Invalid credit card number');
  if (!/^(0[1-9]|1[0-2])\d{2}$/.test(f.expirationDate ?? ''))
    return invalidAnswer('expirationDate : MMYY only');
  if (!['VI', 'MC', 'DI'].includes(f.cardType ?? '')) return invalidAnswer('cardType : VI, MC or DI');
  return null;
};

const cardKept = (f: Fields): Fields => ({
  creditCardName: f.creditCardName ?? '',
  creditCardNumber: f.creditCardNumber ?? '',
  expirationDate: f.expirationDate ?? '',
  cvvNumber: f.cvvNumber ?? '',
  cardType: f.cardType ?? '',
});
