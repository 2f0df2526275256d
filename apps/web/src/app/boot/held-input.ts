/**
 * Taps and typing on the server's page before the app has taken it over, kept and done again once it
 * has. Until then the page's buttons and fields have no code behind them: a tap on "Send code" did
 * nothing, or sent the form to the server and came back without the address, and an address typed in
 * was not the app's (its check said the field was empty while it showed one). On a mid-range phone
 * the app takes over a second or so after the page shows: a tap on an address the browser filled in
 * fits in that time. React replays such events itself while it hydrates; Preact does not.
 *
 * Links are left alone: the browser follows them without the app and nothing is lost.
 */
import { nextTask } from '../../shared/next-task.ts';

/** What the app answers with code of its own: buttons and the widgets drawn as buttons. */
const ACTIONS =
  'button, input[type="submit"], input[type="button"], [role="button"], [role="tab"], [role="switch"], ' +
  '[role="checkbox"], [role="radio"], [role="menuitem"], [role="option"]';

/** The longest a tap is held: past it the app has failed to start, and holding it would not help. */
const HOLD_AT_MOST_MS = 15_000;

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type Action = { click: HTMLElement } | { submit: HTMLFormElement; by: HTMLElement | null };

const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLInputElement ||
  target instanceof HTMLTextAreaElement ||
  target instanceof HTMLSelectElement;

const ticks = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/** The field's state as the member left it: what the browser shows, not what the markup said. */
const stateOf = (field: Field): string | boolean => (ticks(field) ? field.checked : field.value);

/** The field's state as the server's markup drew it. */
const markupStateOf = (field: HTMLInputElement | HTMLTextAreaElement): string | boolean =>
  ticks(field) ? field.defaultChecked : field.defaultValue;

/** The form `element` submits when tapped, if it is a submit button still in it. */
function submitterForm(element: HTMLElement): HTMLFormElement | null {
  const submits =
    (element instanceof HTMLButtonElement || element instanceof HTMLInputElement) &&
    element.type === 'submit';
  return submits && element.isConnected ? element.form : null;
}

function restore(field: Field, state: string | boolean) {
  if (typeof state === 'boolean') (field as HTMLInputElement).checked = state;
  else field.value = state;
}

/**
 * Starts holding what is done inside `root`; `release` (once the app has taken the markup over) stops,
 * tells the app what was typed, then does the held taps again, in order. Releases by itself after
 * HOLD_AT_MOST_MS.
 */
export function holdInput(root: HTMLElement): { release: () => Promise<void> } {
  const actions: Action[] = [];
  // Per field and event type, the state it left the field in: the app hears each change once, as the last.
  const typed = new Map<Field, Map<string, string | boolean>>();

  // Typed before this hold began (the app's code still downloading): the browser shows it, the app has
  // not heard it. Read now, while every field is the server's markup: once the app draws, a field's
  // value is its own and differs from the markup's without the member having typed anything.
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    const state = stateOf(field);
    if (state === markupStateOf(field)) continue;
    const told = new Map<string, string | boolean>();
    for (const type of ['input', 'change']) told.set(type, state);
    typed.set(field, told);
  }

  const onAction = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target || !root.contains(target)) return;
    if (event.type === 'submit') {
      const form = target as HTMLFormElement;
      actions.push({ submit: form, by: (event as SubmitEvent).submitter as HTMLElement | null });
    } else {
      const action = target.closest<HTMLElement>(ACTIONS);
      if (!action || !root.contains(action)) return;
      // A submit button's tap (or Enter in a field, which taps it) is its form's submission: the app's
      // first render may give the button's element to another button drawn in front of it; the form keeps its own.
      const form = submitterForm(action);
      actions.push(form ? { submit: form, by: action } : { click: action });
    }
    // Nothing of the app's hears it now (parts already taken over would otherwise answer it twice),
    // and the browser does not send the form to the server.
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  const onField = (event: Event) => {
    if (!isField(event.target) || !root.contains(event.target)) return;
    const events = typed.get(event.target) ?? new Map<string, string | boolean>();
    events.set(event.type, stateOf(event.target));
    typed.set(event.target, events);
  };

  const listeners: [string, (event: Event) => void][] = [
    ['click', onAction],
    ['submit', onAction],
    ['input', onField],
    ['change', onField],
  ];
  // On the window, while capturing: before any handler of the page's own.
  for (const [type, listener] of listeners) window.addEventListener(type, listener, true);

  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    clearTimeout(timer);
    for (const [type, listener] of listeners) window.removeEventListener(type, listener, true);
    for (const [field, events] of typed) {
      if (!field.isConnected) continue;
      for (const [type, state] of events) {
        // A first render may have put back the markup's value before the app heard the change.
        if (stateOf(field) !== state) restore(field, state);
        field.dispatchEvent(new Event(type, { bubbles: true }));
      }
    }
    for (const action of actions) {
      // The app draws what it heard first: a handler reads its state as of the last render.
      await nextTask();
      if ('click' in action) {
        if (action.click.isConnected) action.click.click();
      } else if (action.by && submitterForm(action.by) === action.submit) {
        // Still its form's submit button: tapped as the member did (its own click handler too).
        action.by.click();
      } else if (action.submit.isConnected) {
        action.submit.requestSubmit();
      }
    }
  };
  const timer = setTimeout(() => void release(), HOLD_AT_MOST_MS);
  return { release };
}
