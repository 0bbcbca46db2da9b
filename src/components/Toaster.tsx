/** Renders the current toast in a live region, so screen readers announce it. */
import { useStore } from '@nanostores/react';
import { $toast, dismissToast } from '@/stores/toasts';

export default function Toaster() {
  const toast = useStore($toast);
  const destructive = toast?.variant === 'destructive';
  return (
    <div
      aria-live={destructive ? 'assertive' : 'polite'}
      role="status"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex justify-center p-4 md:inset-x-auto md:right-0 md:justify-end"
    >
      {toast && (
        <div
          key={toast.id}
          data-testid="toast"
          data-variant={toast.variant}
          className={`pointer-events-auto flex w-full gap-3 rounded-xl p-4 shadow-xl ring-1 md:max-w-[420px] ${destructive ? 'bg-red-700 text-white ring-red-800' : 'bg-white text-gray-900 ring-gray-200'}`}
        >
          <div className="flex-1">
            <p className="font-semibold">{toast.title}</p>
            {toast.description && <p className={`mt-1 text-sm ${destructive ? 'text-red-50' : 'text-gray-700'}`}>{toast.description}</p>}
          </div>
          <button
            type="button"
            onClick={dismissToast}
            aria-label="Dismiss notification"
            className={`-m-1 h-8 w-8 shrink-0 rounded-md text-lg leading-none ${destructive ? 'hover:bg-red-800' : 'hover:bg-gray-100'}`}
          >
            ×
          </button>
        </div>
      )}
    </div>
  );
}
