import { Button, Group, Text, TextInput } from '@mantine/core';
import { accountMessages } from '@wine/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

const email = z.email();

/**
 * seeds 000 §2.6: the newsletter field is required and must be an e-mail ('Required',
 * 'Invalid email format'). Validation is client-side only for now: the subscribe call (which adds
 * a customer and clears the field) comes with the accounts issue, so a valid address gets an
 * honest "not yet" rather than a pretend success.
 */
export function Newsletter() {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ email: string }>({ defaultValues: { email: '' } });
  const onValid = () => setNotice(t('ui.footer.newsletterSoon'));
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate aria-label={t('ui.footer.newsletter')}>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          aria-label={t('ui.footer.newsletterEmail')}
          placeholder={t('ui.footer.newsletterPlaceholder')}
          type="email"
          style={{ flex: 1 }}
          data-testid="newsletter-email"
          error={errors.email?.message}
          {...register('email', {
            required: t('ui.footer.required'),
            validate: (value) => email.safeParse(value.trim()).success || accountMessages.invalidEmail,
            onChange: () => setNotice(null),
          })}
        />
        <Button type="submit" color="gold.6" c="black">
          {t('ui.footer.subscribe')}
        </Button>
      </Group>
      {notice ? (
        <Text size="xs" mt={6} role="status">
          {notice}
        </Text>
      ) : null}
    </form>
  );
}
