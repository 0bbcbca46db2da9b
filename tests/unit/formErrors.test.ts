/** The message shown under each field of a failed form (src/lib/formErrors.ts). */
import { describe, expect, it } from 'vitest';
import { firstIssuePerField } from '../../src/lib/formErrors';
import { z } from '../../src/lib/zod';

describe('firstIssuePerField', () => {
  it('keeps the first message of each field, in the order zod reports them', () => {
    expect(
      firstIssuePerField<'name' | 'email'>([
        { path: ['name'], message: 'Name is required' },
        { path: ['email'], message: 'Email is required' },
        { path: ['name'], message: 'Name is too short' },
      ]),
    ).toEqual({ name: 'Name is required', email: 'Email is required' });
  });

  it('files a nested issue under its top field, and answers nothing for no issues', () => {
    expect(firstIssuePerField([{ path: ['hours', 'monday'], message: 'Use 9:00 AM - 5:00 PM' }])).toEqual({ hours: 'Use 9:00 AM - 5:00 PM' });
    expect(firstIssuePerField([])).toEqual({});
  });

  it('reads a zod parse’s issues as they come', () => {
    const schema = z.object({ name: z.string().check(z.minLength(1, 'Name is required')), age: z.number({ error: 'Age is a number' }) });
    const parsed = schema.safeParse({ name: '', age: 'x' });
    expect(firstIssuePerField(parsed.error!.issues)).toEqual({ name: 'Name is required', age: 'Age is a number' });
  });
});
