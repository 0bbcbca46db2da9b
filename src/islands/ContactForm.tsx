/**
 * The contact form: validated with the contact schema, "Sending..." for a
 * simulated second, then the success toast and a reset. It sends nothing anywhere.
 */
import { useEffect, useId, type FormEvent } from 'react';
import { CONTACT_SUBJECTS } from '@/features/contact';
import { toast } from '@/stores/toasts';
import { ensureToaster } from './ensureToaster';
import { Field } from './Field';
import { useValidatedForm } from './useValidatedForm';

export const CONTACT_SEND_MS = 1000;
type Name = 'name' | 'email' | 'subject' | 'message';
const EMPTY: Record<Name, string> = { name: '', email: '', subject: '', message: '' };
/** The schema (and zod) load when the visitor first focuses the form, not with the page (src/lib/formErrors.ts). */
const loadSchema = () => import('@/features/contact/schemas');

export default function ContactForm() {
  const id = useId();
  const {
    values: form,
    errors,
    busy: sending,
    set,
    reset,
    submit: validateAndSend,
  } = useValidatedForm(EMPTY, async (values) => (await loadSchema()).contactSchema.safeParse(values));
  useEffect(ensureToaster, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const sent = await validateAndSend(() => new Promise((r) => setTimeout(r, CONTACT_SEND_MS)));
    if (!sent) return;
    reset();
    toast({ title: "Message sent successfully! We'll get back to you within 24 hours." });
  }

  return (
    <form onSubmit={submit} onFocus={() => void loadSchema()} noValidate className="space-y-5" aria-label="Contact form">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={`${id}-name`} label="Name" error={errors.name}>
          {(control) => <input {...control} name="name" value={form.name} autoComplete="name" onChange={(e) => set('name', e.target.value)} />}
        </Field>
        <Field id={`${id}-email`} label="Email" error={errors.email}>
          {(control) => <input {...control} name="email" value={form.email} type="email" autoComplete="email" onChange={(e) => set('email', e.target.value)} />}
        </Field>
      </div>
      <Field id={`${id}-subject`} label="Subject" error={errors.subject}>
        {(control) => (
          <select {...control} name="subject" value={form.subject} onChange={(e) => set('subject', e.target.value)}>
            <option value="">Select a subject</option>
            {CONTACT_SUBJECTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={`${id}-message`} label="Message" error={errors.message}>
        {(control) => <textarea {...control} name="message" value={form.message} rows={6} onChange={(e) => set('message', e.target.value)} />}
      </Field>
      <button type="submit" className="btn-primary" disabled={sending}>
        {sending ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}
