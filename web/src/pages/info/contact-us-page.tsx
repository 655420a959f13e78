import { type FormEvent, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextAreaField, TextField } from '../../components/ui/field';
import { Page } from '../../components/ui/page';
import { type ContactMessage, contactMessages, sendContactMessage } from '../../features/support/contact';
import { productName, usePageMeta } from '../../lib/use-page-meta';

const empty: ContactMessage = { name: '', email: '', subject: '', message: '' };

/** The browser's `required` covers empty fields; this also refuses fields of spaces and a malformed email. */
function problemWith(form: ContactMessage): string | null {
  if (Object.values(form).some((value) => value.trim() === '')) return 'Please fill in all fields.';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email.trim())) return 'Please enter a valid email address.';
  return null;
}

export function ContactUsPage() {
  usePageMeta('Contact Us', `Send the ${productName} team a message about your account, a contract or a payment.`);
  const [form, setForm] = useState<ContactMessage>(empty);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  const set = (field: keyof ContactMessage) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = problemWith(form);
    setError(problem);
    if (problem) return;
    setSending(true);
    try {
      await sendContactMessage(form);
      setSent(true);
      setForm(empty);
    } catch (failure) {
      console.error('Could not send the contact message', failure);
      setError(contactMessages.sendFailed);
    } finally {
      setSending(false);
    }
  }

  return (
    <Page title="Contact Us">
      <p className="text-gray-700 dark:text-gray-300">Have a question about {productName}? Send us a message.</p>
      {sent ? (
        <Alert tone="success">{contactMessages.sent}</Alert>
      ) : (
        <form onSubmit={(event) => void submit(event)} aria-label="Contact form" className="max-w-xl space-y-4">
          <TextField label="Name" name="name" autoComplete="name" required value={form.name} onChange={set('name')} />
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={form.email}
            onChange={set('email')}
          />
          <TextField label="Subject" name="subject" required value={form.subject} onChange={set('subject')} />
          <TextAreaField label="Message" name="message" required value={form.message} onChange={set('message')} />
          {error && <Alert tone="error">{error}</Alert>}
          <Button type="submit" disabled={sending}>
            Send Message
          </Button>
        </form>
      )}
    </Page>
  );
}
