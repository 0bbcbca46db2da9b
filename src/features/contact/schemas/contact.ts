/** The contact form; it is not sent anywhere. */
import { z } from '../../../lib/zod';
import { CONTACT_SUBJECTS } from '../contactSubjects';

export const contactSchema = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(2, 'Name must be at least 2 characters'),
      z.maxLength(100, 'Name must be less than 100 characters'),
      z.describe("Sender's name, 2-100 characters."),
    ),
  email: z.pipe(z.string().check(z.trim()), z.email('Please enter a valid email address')).check(z.describe("Sender's email.")),
  subject: z
    .enum(CONTACT_SUBJECTS.map((s) => s.value) as [string, ...string[]], { error: 'Please select a subject' })
    .check(z.describe('One of the five subjects.')),
  message: z
    .string()
    .check(
      z.trim(),
      z.minLength(10, 'Message must be at least 10 characters'),
      z.maxLength(5000, 'Message must be less than 5000 characters'),
      z.describe('Message, 10-5000 characters.'),
    ),
});
export type ContactForm = z.input<typeof contactSchema>;
