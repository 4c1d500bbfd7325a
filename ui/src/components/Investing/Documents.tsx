import { Button, Group, Input, Text } from '@mantine/core';
import type { InvestorDetails } from '@wine/contracts';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callForMessage } from '../../api/client.ts';
import { formatDate } from '../../lib/format.ts';
import classes from './Investing.module.css';
import { evidenceName, evidenceProblem, evidenceType, toBase64 } from './investing-files.ts';
import { useInvestorAnswer, useRefusal } from './investing-forms.ts';

/** Documents as a list, each found by `testId`: its name (broken rather than widening the card), its day. */
export function DocumentList({
  documents,
  testId,
}: {
  documents: { key: string; name: string; at: string }[];
  testId: string;
}) {
  return (
    <ul className={classes.list}>
      {documents.map((document) => (
        <li key={document.key} data-testid={testId}>
          <Text size="sm" className={classes.name}>
            {document.name}
          </Text>
          <Text size="sm" c="dimmed">
            {formatDate(document.at)}
          </Text>
        </li>
      ))}
    </ul>
  );
}

/**
 * A document given to North Capital: a PDF, PNG or JPEG up to 600 kB, checked here as the contract
 * checks it, read in the browser and sent as base64 with the request (`send`: the account's accreditation
 * evidence, uploadPartyDocument, or an entity's own papers, uploadEntityDocument). `testId` names the
 * file input (`-file`) and the button (`-upload`); `uploaded` words the answer when the server gives none.
 */
export function DocumentUpload({
  send,
  label,
  hint,
  button,
  testId,
  uploaded,
}: {
  send: 'uploadPartyDocument' | 'uploadEntityDocument';
  label: string;
  hint: string;
  button: string;
  testId: string;
  uploaded: (details: InvestorDetails) => string;
}) {
  const { t } = useTranslation();
  const answered = useInvestorAnswer();
  const refused = useRefusal();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.currentTarget.files?.[0] ?? null;
    setFile(chosen);
    const found = chosen ? evidenceProblem(chosen) : null;
    setProblem(found ? t(found) : null);
  };
  const upload = async () => {
    const found = evidenceProblem(file);
    const type = file ? evidenceType(file) : null;
    if (found || !file || !type) {
      setProblem(t(found ?? 'ui.investing.errFileType'));
      return;
    }
    setSending(true);
    try {
      const answer = await callForMessage(send, {
        file_name: evidenceName(file.name, type),
        content_type: type,
        content_base64: await toBase64(file),
      });
      answered(answer, uploaded(answer.responseData));
      setFile(null);
      if (input.current) input.current.value = '';
    } catch (error) {
      refused(error);
    } finally {
      setSending(false);
    }
  };
  return (
    <>
      <Input.Wrapper label={label} description={hint} error={problem} id={inputId}>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept="application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg"
          className={classes.file}
          onChange={choose}
          data-testid={`${testId}-file`}
        />
      </Input.Wrapper>
      <Group justify="flex-end">
        <Button
          onClick={() => void upload()}
          loading={sending}
          disabled={!file}
          data-testid={`${testId}-upload`}
        >
          {button}
        </Button>
      </Group>
    </>
  );
}
