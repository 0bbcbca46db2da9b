/**
 * The one dialog style of the site (docs/architecture.md "Dialogs"): a native `<dialog>` opened
 * with `showModal()` when the component mounts. The browser then focuses its first control, makes
 * the rest of the page inert, closes it on Escape and gives focus back to what had it; the page
 * behind does not scroll (`html:has(dialog:modal)` in global.css). A press on the backdrop closes it
 * too. Every way of closing ends in the dialog's `close` event, so `onClose` runs once, whichever.
 * Tab past the last control wraps to the first (and Shift+Tab back): the browser would otherwise
 * move focus out of the page to its own toolbar, as the modal dialog pattern of WAI-ARIA does not.
 *
 * A modal dialog sits in the top layer, above any z-index, and everything outside it is inert, so a
 * toast shown while it is open (a failed submission) would be dimmed and unannounced: the page's
 * toaster moves into the dialog while it is open and back out when it closes.
 */
import { type KeyboardEvent, type MouseEvent, useCallback, useEffect, useRef } from 'react';
import { ensureToaster, TOASTER_ID } from './ensureToaster';

const TABBABLE = 'a[href], button, input, select, textarea, [tabindex]';

/** The controls Tab reaches in `dialog`, in order. */
const tabbable = (dialog: HTMLElement) =>
  [...dialog.querySelectorAll<HTMLElement>(TABBABLE)].filter((el) => el.tabIndex >= 0 && !el.matches(':disabled') && el.getClientRects().length > 0);

function toasterBackToBody(dialog: HTMLDialogElement | null) {
  const toaster = document.getElementById(TOASTER_ID);
  if (toaster && dialog?.contains(toaster)) document.body.append(toaster);
}

export function useModalDialog(onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    ensureToaster();
    const toaster = document.getElementById(TOASTER_ID);
    if (toaster) dialog.append(toaster);
    // Unmounted without closing (the page changed the state): the toaster must outlive the dialog.
    return () => toasterBackToBody(dialog);
  }, []);

  const close = useCallback(() => ref.current?.close(), []);

  return {
    close,
    /** Spread on the `<dialog>`. */
    dialogProps: {
      ref,
      onClose: () => {
        toasterBackToBody(ref.current);
        onClose();
      },
      // The backdrop is the dialog element itself: its content fills the box, so only a press
      // outside the box lands on the dialog.
      onMouseDown: (e: MouseEvent<HTMLDialogElement>) => {
        if (e.target === e.currentTarget) close();
      },
      onKeyDown: (e: KeyboardEvent<HTMLDialogElement>) => {
        if (e.key !== 'Tab') return;
        const controls = tabbable(e.currentTarget);
        const edge = e.shiftKey ? controls[0] : controls.at(-1);
        if (!edge || document.activeElement !== edge) return;
        e.preventDefault();
        (e.shiftKey ? controls.at(-1) : controls[0])?.focus();
      },
    },
  };
}
