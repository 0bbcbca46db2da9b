/** Subjects of the contact form: value and label. Apart from the schema, so the form can list them without loading zod. */
export const CONTACT_SUBJECTS = [
  { value: 'general', label: 'General Inquiry' },
  { value: 'provider', label: 'Provider Questions' },
  { value: 'technical', label: 'Technical Support' },
  { value: 'business', label: 'Business Partnership' },
  { value: 'feedback', label: 'Feedback & Suggestions' },
] as const;
