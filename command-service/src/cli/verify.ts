/**
 * `npm run verify`: checks the configured log (DATA_DIR's SQLite file, or EVENTSTORE_URL): every
 * stream's hash chain, the global chain and the signed anchors (DOMAIN.md "Audit"); exits 1 and names
 * what is wrong.
 *
 *   npm run verify -- --anchors <file> --public-key <file>   also checks the anchors the auditors kept
 *   npm run verify -- --export-anchors <file>                 writes every anchor and the public key
 *
 * Without --public-key the key is the configured AUDIT_SIGNING_KEY's, or DATA_DIR's public key file.
 * DATA_DIR/audit-last-anchor.json, when there, is the last anchor written: the log must hold it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig, openEventStore } from '@wine/platform';
import { parseAnchorFile, readAnchors } from '../audit/anchor-export.ts';
import { anchorWitnessFile, defaultPublicKey, readPublicKey } from '../audit/anchor-key.ts';
import { verifyLog } from '../audit/verify-log.ts';
import { verificationReport } from '../audit/verify-report.ts';

const { values } = parseArgs({
  options: {
    anchors: { type: 'string' },
    'public-key': { type: 'string' },
    'export-anchors': { type: 'string' },
  },
});
const config = loadConfig();
const publicKey = values['public-key'] ? readPublicKey(values['public-key']) : defaultPublicKey(config);
const store = openEventStore(config);
try {
  if (values['export-anchors']) {
    const anchors = await readAnchors(store);
    const publicKeyPem = publicKey?.export({ type: 'spki', format: 'pem' }).toString() ?? null;
    writeFileSync(
      values['export-anchors'],
      `${JSON.stringify({ anchors, publicKey: publicKeyPem }, null, 2)}\n`,
    );
    console.log(`exported ${anchors.length} anchors to ${values['export-anchors']}`);
  } else {
    const kept = values.anchors ? parseAnchorFile(readFileSync(values.anchors, 'utf8')).anchors : [];
    if (kept.length > 0 && !publicKey) {
      console.error('checking the auditors’ anchors needs their public key: --public-key <file>');
      process.exitCode = 2;
    } else {
      // The last anchor the key signed of this log, kept beside the key (DATA_DIR): it must be there.
      const witnessFile = anchorWitnessFile(config.dataDir);
      const result = await verifyLog(store, { publicKey, auditorAnchors: kept, witnessFile });
      for (const line of verificationReport(result, publicKey !== null)) console.log(line);
      process.exitCode = result.problems.length === 0 ? 0 : 1;
    }
  }
} finally {
  await store.close();
}
