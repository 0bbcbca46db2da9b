/**
 * The search form's service and location comboboxes (src/components/SearchForm.tsx), after the
 * WAI-ARIA 1.2 "list autocomplete without automatic selection" pattern: typing shows suggestions
 * from GET /api/suggest; ArrowDown/ArrowUp move through them (aria-activedescendant, focus stays in
 * the field), Alt+ArrowDown opens the list and Alt+ArrowUp closes it, ArrowLeft/ArrowRight/Home/End
 * and typing move the caret and take visual focus back to the field, Enter takes the highlighted
 * option, Escape closes the list and then clears the field, Tab leaves; a polite status says how
 * many there are, and which one was taken. The service field is also the dropdown the product
 * describes: a click, a tap or focus opens its list of the form's services (all of them when the
 * field is empty or holds one of them, else the suggestions for its text). Vanilla and loaded on first focus by src/scripts/page.ts, so pages pay nothing
 * for it until someone searches (docs/BENCHMARKS.md "Budgets"); an ArrowDown/ArrowUp pressed while it loaded
 * is held by page.ts and replayed here, and letters typed meanwhile get their suggestions.
 */
import type { Suggestion } from '@/features/suggestions/schemas';
import { suggestionsFor } from './suggestions';

/** Long enough to skip most keystrokes of a word being typed, short enough to feel immediate. */
const DEBOUNCE_MS = 150;

/** A search field as page.ts leaves it: the arrow key pressed while this module loaded, if any. */
type Field = HTMLInputElement & { held?: KeyboardEvent | false };

/**
 * page.ts imports this module when a search field is first focused, so it enhances the focused
 * field at once, catching up with what was done in it meanwhile, and every field focused later
 * (the /search island re-renders its form). A field still marked data-combobox is not enhanced yet.
 */
function enhanceFocused(catchUp: boolean) {
  const field = document.activeElement;
  if (field instanceof HTMLInputElement && field.dataset.combobox) enhanceCombobox(field, catchUp);
}
document.addEventListener('focusin', () => enhanceFocused(false));
enhanceFocused(true);

/**
 * Turns the marked-up combobox around `input` live and drops its data-combobox, so that page.ts
 * leaves its keys alone. With `catchUp`, replays the key page.ts held, or suggests for letters typed
 * while this module loaded.
 */
function enhanceCombobox(input: Field, catchUp: boolean): void {
  const kind = input.dataset.combobox === 'service' ? 'services' : 'locations';
  delete input.dataset.combobox;
  const listbox = document.getElementById(input.getAttribute('aria-controls')!)!;
  const status = document.getElementById(`${input.id}-status`);
  // The form's own services, offered on ArrowDown in an empty field; the browser's list gives way to ours.
  const fixed = [...(document.getElementById(`${input.id}-options`)?.querySelectorAll('option') ?? [])].map((o) => o.value);
  input.removeAttribute('list');

  /** What each option shows and what the field takes ("60614 · Chicago, IL" takes "60614"). */
  let items: Suggestion[] = [];
  let active = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let request: AbortController | undefined;

  const isOpen = () => !listbox.hidden;

  function setOpen(open: boolean) {
    listbox.hidden = !open;
    input.setAttribute('aria-expanded', String(open));
    if (!open) setActive(-1);
  }

  function setActive(index: number) {
    listbox.children[active]?.removeAttribute('aria-selected');
    active = index;
    const option = listbox.children[index];
    if (option) {
      option.setAttribute('aria-selected', 'true');
      input.setAttribute('aria-activedescendant', option.id);
      option.scrollIntoView({ block: 'nearest' });
    } else {
      input.removeAttribute('aria-activedescendant');
    }
  }

  function show(values: Suggestion[]) {
    items = values;
    active = -1;
    input.removeAttribute('aria-activedescendant');
    listbox.replaceChildren(
      ...values.map((value, i) => {
        const option = document.createElement('div');
        option.id = `${listbox.id}-${i}`;
        option.setAttribute('role', 'option');
        option.className = 'cursor-pointer px-3 py-2 text-gray-900 hover:bg-gray-50 aria-selected:bg-brand-100';
        option.textContent = value.label;
        return option;
      }),
    );
    if (status) status.textContent = values.length === 1 ? '1 suggestion' : values.length ? `${values.length} suggestions` : 'No suggestions';
    setOpen(values.length > 0);
  }

  /**
   * Fetches (or recalls) the suggestions for what the field holds now and shows them; with `whole`,
   * a field holding one of the form's services lists them all, as a dropdown shows every choice.
   */
  async function refresh(whole = false): Promise<void> {
    clearTimeout(timer);
    request?.abort();
    const text = input.value.trim();
    if (!text || (whole && fixed.some((f) => f.toLowerCase() === text.toLowerCase())))
      return fixed.length ? show(fixed.map((f) => ({ label: f, value: f }))) : setOpen(false);
    const mine = new AbortController();
    request = mine;
    try {
      const answer = await suggestionsFor(text, mine.signal);
      if (request === mine) show(answer[kind]);
    } catch {
      // Superseded, offline or refused: the field still searches for what was typed.
      if (request === mine) setOpen(false);
    }
  }

  function choose(index: number) {
    input.value = items[index]!.value;
    setOpen(false);
    // Not every screen reader reads out a field's new value by itself.
    if (status) status.textContent = `${input.value} selected`;
  }

  input.addEventListener('input', () => {
    // A typed character takes visual focus back to the field: Enter then sends what was typed.
    setActive(-1);
    clearTimeout(timer);
    request?.abort();
    if (!input.value.trim()) return setOpen(false);
    timer = setTimeout(refresh, DEBOUNCE_MS);
  });

  function onKeydown(e: KeyboardEvent) {
    if (e.ctrlKey || e.metaKey || e.isComposing) return;
    if (e.altKey) {
      // Alt+ArrowDown opens the list without highlighting an option; Alt+ArrowUp closes it.
      if (e.key === 'ArrowDown') {
        e.preventDefault();
        if (!isOpen()) void refresh();
      } else if (e.key === 'ArrowUp' && isOpen()) {
        e.preventDefault();
        setOpen(false);
      }
      return;
    }
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        e.preventDefault();
        const step = e.key === 'ArrowDown' ? 1 : -1;
        const move = () => items.length && setActive(active < 0 ? (step > 0 ? 0 : items.length - 1) : (active + step + items.length) % items.length);
        if (isOpen()) move();
        else void refresh().then(() => isOpen() && move());
        break;
      }
      case 'Enter':
        // With an option highlighted, Enter takes it; otherwise the form is sent as typed.
        if (isOpen() && active >= 0) {
          e.preventDefault();
          choose(active);
        } else {
          setOpen(false);
        }
        break;
      case 'Escape':
        if (isOpen()) setOpen(false);
        else if (input.value) input.value = '';
        else return;
        e.preventDefault();
        break;
      case 'Tab':
        setOpen(false);
        break;
      case 'ArrowLeft':
      case 'ArrowRight':
      case 'Home':
      case 'End':
        // The caret moves in the field as usual, and visual focus goes back to it from the list.
        setActive(-1);
        break;
    }
  }
  input.addEventListener('keydown', onKeydown);

  // The service field opens like a dropdown on focus, a click or a tap (clicking an open list's field
  // only moves the caret). The location field has no list to offer before something is typed.
  const openAsDropdown = () => fixed.length && !isOpen() && void refresh(true);
  input.addEventListener('focus', openAsDropdown);
  input.addEventListener('click', openAsDropdown);

  // Leaving the field closes the list without choosing. On a phone the list sits in the flow
  // (SearchForm.tsx), so it closes only after the tap that moved focus has landed: closing it at
  // once would move the field or button being tapped up under the finger, and the tap would miss.
  let closing: ReturnType<typeof setTimeout> | undefined;
  input.addEventListener('blur', () => {
    clearTimeout(timer);
    request?.abort();
    closing = setTimeout(() => document.activeElement !== input && setOpen(false));
  });
  input.addEventListener('focus', () => clearTimeout(closing));

  // Pointer users: pressing an option must not take focus from the field, or blur closes the list first.
  listbox.addEventListener('pointerdown', (e) => e.preventDefault());
  listbox.addEventListener('click', (e) => {
    const option = (e.target as Element).closest('[role="option"]');
    if (!option) return;
    choose([...listbox.children].indexOf(option));
    input.focus();
  });

  // Enhanced on its first focus: the focus that loaded this module opens it too, unless a key held
  // meanwhile says otherwise.
  if (catchUp && input.held) onKeydown(input.held);
  else if (fixed.length) openAsDropdown();
  else if (catchUp && input.value.trim() && input.value !== input.defaultValue) void refresh();
}
