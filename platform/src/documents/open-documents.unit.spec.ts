import { describe, expect, it } from 'vitest';
import { openDocuments } from './index.ts';

describe('openDocuments', () => {
  it('is the sandbox unless configured', () => {
    expect(openDocuments({}).name).toBe('sandbox');
    expect(openDocuments({ DOCUMENTS_PROVIDER: 'sandbox' }).name).toBe('sandbox');
  });

  it('refuses to start PandaDoc without its keys, naming what is missing', () => {
    expect(() => openDocuments({ DOCUMENTS_PROVIDER: 'pandadoc' })).toThrow(
      'DOCUMENTS_PROVIDER=pandadoc needs PANDADOC_API_KEY and PANDADOC_WEBHOOK_KEY and PANDADOC_CONSIGNMENT_TEMPLATE',
    );
    const template = { PANDADOC_CONSIGNMENT_TEMPLATE: 'tpl' };
    expect(() =>
      openDocuments({ DOCUMENTS_PROVIDER: 'pandadoc', PANDADOC_API_KEY: 'key', ...template }),
    ).toThrow('DOCUMENTS_PROVIDER=pandadoc needs PANDADOC_WEBHOOK_KEY');
    expect(() =>
      openDocuments({ DOCUMENTS_PROVIDER: 'pandadoc', PANDADOC_WEBHOOK_KEY: 'shared', ...template }),
    ).toThrow('DOCUMENTS_PROVIDER=pandadoc needs PANDADOC_API_KEY');
    const pandadoc = openDocuments({
      DOCUMENTS_PROVIDER: 'pandadoc',
      PANDADOC_API_KEY: 'key',
      PANDADOC_WEBHOOK_KEY: 'shared',
      ...template,
    });
    expect([pandadoc.name, typeof pandadoc.readEvent]).toEqual(['pandadoc', 'function']);
  });

  it('refuses a provider it does not know', () => {
    expect(() => openDocuments({ DOCUMENTS_PROVIDER: 'docusign' })).toThrow(
      'DOCUMENTS_PROVIDER must be one of sandbox, pandadoc, not docusign',
    );
  });

  it("gives the sandbox the product's templates", async () => {
    const documents = openDocuments(
      {},
      { templates: { 'our-template': { name: 'Ours', roles: ['Seller'] } } },
    );
    const made = await documents.create({
      templateId: 'our-template',
      name: 'Ours',
      recipients: [{ email: 'ann@example.com', firstName: 'Ann', lastName: 'S', role: 'Seller' }],
      idempotencyKey: 'k',
    });
    expect(made.status).toBe('uploaded');
  });
});
