/**
 * The top of every modal dialog (useModalDialog.ts): its title, and a Close button (×) that closes
 * it as Escape and the backdrop do.
 */
import type { ReactNode } from 'react';

export function DialogHeader({ close, children }: { close: () => void; children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4">
      {children}
      <button
        type="button"
        onClick={close}
        aria-label="Close"
        className="-m-2 h-11 w-11 shrink-0 rounded-md text-2xl leading-none text-gray-700 hover:bg-gray-100"
      >
        ×
      </button>
    </div>
  );
}
