import type { CsvExport } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { errorMessage } from '../api/client.ts';
import { pushAlertAtom } from '../state/alerts.ts';
import { browser } from './browser.ts';

/**
 * A staff list's "Export CSV": asks the server for the file (`CsvExport`: its name and text) and saves
 * it; a refusal is said in an alert (seeds 001 §8 'Something went wrong!' or the server's message).
 */
export function useCsvExport() {
  const pushAlert = useSetAtom(pushAlertAtom);
  const [exporting, setExporting] = useState(false);
  const exportCsv = async (ask: () => Promise<CsvExport>) => {
    setExporting(true);
    try {
      const file = await ask();
      browser.saveBlob(new Blob([file.records], { type: 'text/csv;charset=utf-8' }), file.filename);
    } catch (error) {
      pushAlert({ msg: errorMessage(error), type: 'error' });
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportCsv };
}
