/**
 * The contact form: validated with the contact schema, "Sending..." for a
 * simulated second, then the success toast and a reset. It sends nothing anywhere.
 */
import { useEffect, useId, type FormEvent } from 'react';
import { CONTACT_SUBJECTS } from '@/features/contact';
import { toast } from '@/stores/toasts';
import { ensureToaster } from './ensureToaster';
import { useValidatedForm } from './useValidatedForm';

export const CONTACT_SEND_MS = 1000;
type Field = 'name' | 'email' | 'subject' | 'message';
const EMPTY: Record<Field, string> = { name: '', email: '', subject: '', message: '' };
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

  const field = (name: Field) => ({
    id: `${id}-${name}`,
    name,
    value: form[name],
    'aria-invalid': !!errors[name],
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    className: 'field-input',
  });
  const error = (name: Field) =>
    errors[name] && (
      <p id={`${id}-${name}-error`} className="field-error">
        {errors[name]}
      </p>
    );

  return (
    <form onSubmit={submit} onFocus={() => void loadSchema()} noValidate className="space-y-5" aria-label="Contact form">
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-name`} className="field-label">
            Name
          </label>
          <input {...field('name')} autoComplete="name" onChange={(e) => set('name', e.target.value)} />
          {error('name')}
        </div>
        <div>
          <label htmlFor={`${id}-email`} className="field-label">
            Email
          </label>
          <input {...field('email')} type="email" autoComplete="email" onChange={(e) => set('email', e.target.value)} />
          {error('email')}
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-subject`} className="field-label">
          Subject
        </label>
        <select {...field('subject')} onChange={(e) => set('subject', e.target.value)}>
          <option value="">Select a subject</option>
          {CONTACT_SUBJECTS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
        {error('subject')}
      </div>
      <div>
        <label htmlFor={`${id}-message`} className="field-label">
          Message
        </label>
        <textarea {...field('message')} rows={6} onChange={(e) => set('message', e.target.value)} />
        {error('message')}
      </div>
      <button type="submit" className="btn-primary" disabled={sending}>
        {sending ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}
