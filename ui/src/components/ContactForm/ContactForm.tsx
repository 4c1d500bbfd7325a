import { Alert, Button, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { ContactUsInput, t as shared } from '@wine/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { callForMessage, errorMessage, messageOr } from '../../api/client.ts';
import { blankToUndefined, contractResolver, showServerFieldErrors } from '../../lib/forms.ts';
import classes from './ContactForm.module.css';

interface ContactFormValues {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
}

const empty: ContactFormValues = { name: '', email: '', phone: '', subject: '', message: '' };
const fields = ['name', 'email', 'phone', 'subject', 'message'] as const;

/**
 * The contact page's form (seeds 001 §7 user/submitContactUs): validated with the action's own
 * schema, sent to the merchant's inbox; the form is emptied once the server has it.
 */
export function ContactForm() {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormValues, unknown, ContactUsInput>({
    defaultValues: empty,
    resolver: contractResolver(ContactUsInput, (v: ContactFormValues) => ({
      ...v,
      phone: blankToUndefined(v.phone),
    })),
  });

  const onValid = async (input: ContactUsInput) => {
    setAnswer(null);
    try {
      const { message } = await callForMessage('submitContactUs', input);
      reset(empty);
      setAnswer({ ok: true, message: messageOr(message, shared('enquiries.contactSent')) });
    } catch (error) {
      if (!showServerFieldErrors<ContactFormValues>(error, fields, setError))
        setAnswer({ ok: false, message: errorMessage(error) });
    }
  };

  return (
    <form
      onSubmit={handleSubmit(onValid)}
      noValidate
      aria-labelledby="contact-form-title"
      className={classes.form}
    >
      <Stack gap="md">
        <h2 id="contact-form-title" className={classes.title}>
          {t('ui.enquiries.contact.formTitle')}
        </h2>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('ui.enquiries.contact.name')}
            autoComplete="name"
            required
            error={errors.name?.message}
            {...register('name')}
          />
          <TextInput
            label={t('ui.enquiries.contact.email')}
            type="email"
            autoComplete="email"
            required
            error={errors.email?.message}
            {...register('email')}
          />
          <TextInput
            label={t('ui.enquiries.contact.phoneOptional')}
            type="tel"
            autoComplete="tel"
            error={errors.phone?.message}
            {...register('phone')}
          />
          <TextInput
            label={t('ui.enquiries.contact.subject')}
            required
            maxLength={150}
            error={errors.subject?.message}
            {...register('subject')}
          />
        </SimpleGrid>
        <Textarea
          label={t('ui.enquiries.contact.message')}
          required
          rows={6}
          maxLength={5000}
          error={errors.message?.message}
          {...register('message')}
        />
        {answer ? (
          <Alert color={answer.ok ? 'green' : 'red'} role={answer.ok ? 'status' : 'alert'}>
            {answer.message}
          </Alert>
        ) : null}
        <Button type="submit" loading={isSubmitting} className={classes.send}>
          {t('ui.enquiries.contact.send')}
        </Button>
      </Stack>
    </form>
  );
}
