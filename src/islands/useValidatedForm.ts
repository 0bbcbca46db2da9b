/**
 * The state every form island keeps: its values, the message under each field, and whether it is
 * busy sending. Submitting validates first (with a schema that may load on first use, docs/api.md)
 * and shows the first message of each field; only valid data is sent.
 */
import { useState } from 'react';
import { firstIssuePerField } from '@/lib/formErrors';

type ParseResult<T> = { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

export function useValidatedForm<V extends Record<string, unknown>, T>(empty: V, parse: (values: V) => ParseResult<T> | Promise<ParseResult<T>>) {
  type Field = keyof V & string;
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  const set = <K extends Field>(name: K, value: V[K]) => setValues((current) => ({ ...current, [name]: value }));
  const reset = () => {
    setValues(empty);
    setErrors({});
  };

  /** Validates the values; when they pass, clears the messages and runs `send` while busy. Returns whether they passed. */
  async function submit(send: (data: T) => Promise<void>): Promise<boolean> {
    const parsed = await parse(values);
    if (!parsed.success) {
      setErrors(firstIssuePerField<Field>(parsed.error.issues));
      return false;
    }
    setErrors({});
    setBusy(true);
    try {
      await send(parsed.data);
    } finally {
      setBusy(false);
    }
    return true;
  }

  return { values, errors, busy, set, reset, submit };
}
