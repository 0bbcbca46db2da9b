/** The emailed 6-digit code's field, shared by the claim dialog and the dashboard's sign-in: digits only, at most six. */
export function CodeField({
  id,
  sentTo,
  code,
  setCode,
  errorId,
}: {
  id: string;
  sentTo: string;
  code: string;
  setCode: (code: string) => void;
  errorId?: string;
}) {
  return (
    <>
      <p className="text-sm text-gray-700">
        We sent a code to <strong>{sentTo}</strong>. It works once, for 10 minutes.
      </p>
      <div>
        <label htmlFor={id} className="field-label">
          6-digit code *
        </label>
        <input
          id={id}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          className="field-input tracking-widest"
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
          aria-invalid={!!errorId}
          aria-describedby={errorId}
        />
      </div>
    </>
  );
}

/** The business email a code goes to. */
export function EmailField({
  id,
  email,
  setEmail,
  errorId,
  label = 'Business email',
}: {
  id: string;
  email: string;
  setEmail: (email: string) => void;
  errorId?: string | undefined;
  label?: string;
}) {
  return (
    <>
      <label htmlFor={id} className="field-label">
        {label} *
      </label>
      <input
        id={id}
        type="email"
        autoComplete="email"
        required
        className="field-input"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        aria-invalid={!!errorId}
        aria-describedby={errorId}
      />
    </>
  );
}
