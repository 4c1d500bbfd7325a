import { requiredSettings } from '../settings.ts';
import { createPandaDocDocuments } from './pandadoc.ts';
import type { DocumentService } from './port.ts';
import { createSandboxDocuments, type SandboxTemplate } from './sandbox.ts';

export {
  createPandaDocDocuments,
  IDEMPOTENCY_METADATA_KEY,
  PANDADOC_DEFAULT_API_URL,
  PANDADOC_DEFAULT_APP_URL,
  type PandaDocOptions,
} from './pandadoc.ts';
export * from './port.ts';
export {
  createSandboxDocuments,
  SANDBOX_SIGNING_PATH,
  type SandboxDelivery,
  type SandboxDocument,
  type SandboxDocuments,
  type SandboxDocumentsOptions,
  type SandboxTemplate,
  sandboxTemplates,
} from './sandbox.ts';

export const documentProviders = ['sandbox', 'pandadoc'] as const;
export type DocumentProvider = (typeof documentProviders)[number];

/** What configuration says about the documents service (platform config.ts keys). */
export interface DocumentsConfig {
  DOCUMENTS_PROVIDER?: string | undefined;
  PANDADOC_API_URL?: string | undefined;
  PANDADOC_API_KEY?: string | undefined;
  PANDADOC_WEBHOOK_KEY?: string | undefined;
  /** The house's consignment template (the product's agreements need it). */
  PANDADOC_CONSIGNMENT_TEMPLATE?: string | undefined;
  PANDADOC_TIMEOUT_MS?: number | undefined;
}

/**
 * Configuration picks the documents service: DOCUMENTS_PROVIDER `sandbox` (the default) is the
 * embedded in-memory service (its templates are `sandboxTemplates`, or `sandbox.templates`);
 * `pandadoc` makes documents with PandaDoc at PANDADOC_API_URL (https://api.pandadoc.com by default)
 * with PANDADOC_API_KEY, reading its webhooks with PANDADOC_WEBHOOK_KEY: refused at start, naming
 * what is missing, when either is.
 */
export function openDocuments(
  config: DocumentsConfig,
  sandbox: { templates?: Record<string, SandboxTemplate> } = {},
): DocumentService {
  const provider = config.DOCUMENTS_PROVIDER ?? 'sandbox';
  if (!(documentProviders as readonly string[]).includes(provider)) {
    throw new Error(`DOCUMENTS_PROVIDER must be one of ${documentProviders.join(', ')}, not ${provider}`);
  }
  if (provider === 'sandbox') {
    return createSandboxDocuments(sandbox.templates ? { templates: sandbox.templates } : {});
  }
  const set = requiredSettings(
    config,
    ['PANDADOC_API_KEY', 'PANDADOC_WEBHOOK_KEY', 'PANDADOC_CONSIGNMENT_TEMPLATE'],
    'DOCUMENTS_PROVIDER=pandadoc',
  );
  return createPandaDocDocuments({
    apiKey: set.PANDADOC_API_KEY,
    apiUrl: config.PANDADOC_API_URL,
    webhookKey: set.PANDADOC_WEBHOOK_KEY,
    timeoutMs: config.PANDADOC_TIMEOUT_MS,
  });
}
