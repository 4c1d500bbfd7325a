import type { CsvExport } from '@wine/contracts';
import { useState } from 'react';
import { useShowStatus } from '../state/alerts.ts';
import { browser } from './browser.ts';

/**
 * A staff list's "Export CSV": asks the server for the file (`CsvExport`: its name and text) and saves
 * it; a refusal is said in an alert (seeds 001 §8 'Something went wrong!' or the server's message).
 */
export function useCsvExport() {
  const { showError } = useShowStatus();
  const [exporting, setExporting] = useState(false);
  const exportCsv = async (ask: () => Promise<CsvExport>) => {
    setExporting(true);
    try {
      const file = await ask();
      browser.saveBlob(new Blob([file.records], { type: 'text/csv;charset=utf-8' }), file.filename);
    } catch (error) {
      showError(error);
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportCsv };
}
