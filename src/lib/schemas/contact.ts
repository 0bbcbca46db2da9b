/** The contact form (SPEC.md §5); it is not sent anywhere. */
import { z } from '../zod';

/** Subjects of the contact form: value and label (SPEC.md §2). */
export const CONTACT_SUBJECTS = [
  { value: 'general', label: 'General Inquiry' },
  { value: 'provider', label: 'Provider Questions' },
  { value: 'technical', label: 'Technical Support' },
  { value: 'business', label: 'Business Partnership' },
  { value: 'feedback', label: 'Feedback & Suggestions' },
] as const;

export const contactSchema = z.object({
  /** Sender's name, at least 2 characters. */
  name: z.string().trim().min(2, 'Name must be at least 2 characters').max(100, 'Name must be less than 100 characters'),
  /** Sender's email. */
  email: z.string().trim().pipe(z.email('Please enter a valid email address')),
  /** One of the five subjects. */
  subject: z.enum(CONTACT_SUBJECTS.map((s) => s.value) as [string, ...string[]], { error: 'Please select a subject' }),
  /** Message, at least 10 characters. */
  message: z.string().trim().min(10, 'Message must be at least 10 characters').max(5000, 'Message must be less than 5000 characters'),
});
export type ContactForm = z.input<typeof contactSchema>;
