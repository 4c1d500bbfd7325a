import { Button, Group, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

const email = z.email();

/**
 * seeds 000 §2.6: the newsletter field is required and must be an e-mail ('Required',
 * 'Invalid email format'). Validation is client-side only for now: the subscribe call (which adds
 * a customer and clears the field) comes with the accounts issue, so a valid address gets an
 * honest "not yet" rather than a pretend success.
 */
export function Newsletter() {
  const [notice, setNotice] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ email: string }>({ defaultValues: { email: '' } });
  const onValid = () => setNotice('Newsletter sign-up opens soon. Please check back.');
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate aria-label="Newsletter">
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          aria-label="E-mail for the newsletter"
          placeholder="Your e-mail address"
          type="email"
          style={{ flex: 1 }}
          data-testid="newsletter-email"
          error={errors.email?.message}
          {...register('email', {
            required: 'Required',
            validate: (value) => email.safeParse(value.trim()).success || 'Invalid email format',
            onChange: () => setNotice(null),
          })}
        />
        <Button type="submit" color="gold.6" c="black">
          Subscribe
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
