/**
 * A field people never see or reach (off-screen, hidden from assistive tech, out of the tab order);
 * bots that fill every input fill it too, and the API then refuses the submission.
 */
export function Honeypot({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Fax number
        <input type="text" name="fax" tabIndex={-1} autoComplete="off" value={value} onChange={(e) => onChange(e.target.value)} />
      </label>
    </div>
  );
}

/** Adds the honeypot to a payload only when something is in it, so people's payloads stay exactly as specified. */
export const withHoneypot = <T extends object>(payload: T, fax: string): T & { fax?: string } => (fax ? { ...payload, fax } : payload);
