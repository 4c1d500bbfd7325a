import { Button, Group, Progress, Text } from '@mantine/core';
import type { ReportExportInput } from '@wine/contracts';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browser } from '../../lib/browser.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { tokenAtom } from '../../state/session.ts';
import { downloadCsv } from './download-csv.ts';

export interface CsvDownloadProps {
  input: ReportExportInput;
  /** The rows the report has, when known: the progress bar's whole. */
  expected: number | null;
}

/**
 * 'Download CSV': the report streamed from the server, the rows counted as they arrive (a long export
 * shows its progress), then saved under the server's file name. seeds 001 §8: a failed export says
 * 'Something went wrong!'.
 */
export function CsvDownload({ input, expected }: CsvDownloadProps) {
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  const pushAlert = useSetAtom(pushAlertAtom);
  const [rows, setRows] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    setRows(0);
    try {
      const file = await downloadCsv(input, token, setRows);
      setRows(file.rows);
      browser.saveBlob(file.blob, file.filename);
    } catch {
      setRows(null);
      pushAlert({ msg: t('common.somethingWrong'), type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Group gap="sm" align="center" wrap="wrap">
      <Button variant="outline" onClick={() => void download()} loading={busy} data-testid="report-download">
        {t('ui.reports.download')}
      </Button>
      {rows !== null ? (
        <Group gap="xs" align="center" style={{ flex: 1, minWidth: 180 }}>
          {busy && expected ? (
            <Progress
              value={Math.min(100, (rows / Math.max(1, expected)) * 100)}
              style={{ flex: 1 }}
              aria-label={t('ui.reports.downloading', { count: rows })}
            />
          ) : null}
          <Text size="sm" c="dimmed" role="status" data-testid="report-download-status">
            {busy
              ? t('ui.reports.downloading', { count: rows })
              : t('ui.reports.downloaded', { count: rows })}
          </Text>
        </Group>
      ) : null}
    </Group>
  );
}
