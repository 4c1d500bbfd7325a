import { Button, Group, Text, TextInput } from '@mantine/core';
import { t as shared } from '@wine/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callForMessage, errorMessage, messageOr } from '../../api/client.ts';

/** The contract's check, loaded on first use (newsletter-check.ts says why). */
const loadCheck = () => import('./newsletter-check.ts').then((module) => module.checkNewsletter);

/**
 * seeds 000 §2.6, 001 §2: the newsletter field is required and must be an e-mail ('Required',
 * 'Invalid email format', the contract's own messages); a valid address is added as a marketing
 * contact ('Subscribed to newsletter successfully') and the field is cleared. A failure says the
 * server's message, or 'Something went wrong!' (seeds 001 §8 "Newsletter failure: generic error").
 *
 * One field, so a plain controlled input rather than a form library: checked on submit, then again
 * as it changes (as a form's errors are).
 */
export function Newsletter() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | null>(null);

  const onChange = (value: string) => {
    setEmail(value);
    setAnswer(null);
    if (checked) {
      void loadCheck().then((check) => {
        const result = check(value);
        setError('error' in result ? result.error : null);
      });
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    setAnswer(null);
    try {
      const result = (await loadCheck())(email);
      setChecked(true);
      if ('error' in result) {
        setError(result.error);
        return;
      }
      setError(null);
      try {
        const { message } = await callForMessage('addNewsletterContact', result.input);
        setEmail('');
        setChecked(false);
        setAnswer({ ok: true, message: messageOr(message, shared('enquiries.subscribed')) });
      } catch (failure) {
        setAnswer({ ok: false, message: errorMessage(failure) });
      }
    } catch (failure) {
      // The check itself did not load (the network went away).
      setAnswer({ ok: false, message: errorMessage(failure) });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('ui.footer.newsletter')}>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          aria-label={t('ui.footer.newsletterEmail')}
          placeholder={t('ui.footer.newsletterPlaceholder')}
          type="email"
          name="email"
          autoComplete="email"
          style={{ flex: 1, minWidth: 0 }}
          data-testid="newsletter-email"
          error={error}
          value={email}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
        <Button type="submit" color="gold.6" c="black" loading={submitting}>
          {t('ui.footer.subscribe')}
        </Button>
      </Group>
      {answer ? (
        <Text size="sm" mt={6} role={answer.ok ? 'status' : 'alert'} data-testid="newsletter-answer">
          {answer.message}
        </Text>
      ) : null}
    </form>
  );
}
