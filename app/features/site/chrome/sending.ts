/**
 * A form sent as a document, on a page without React (app/lib/without-react.ts): while the
 * next page is on its way, the button pressed says what is happening (its `data-busy-label`,
 * e.g. "Finding..."), the form's submit buttons are disabled, and a second press does not send
 * the form again (a double tap on Pay must not start two payments: PAYMENTS.md). Pages that
 * hydrate React show the same through React Router's navigation state instead; their forms
 * cancel the native submission, so nothing here touches them. Back from the browser's page
 * cache, the form is as it was before it was sent.
 */

/** Marks a form as sent; the buttons are put back by `restoreSentForms`. */
const SENDING = "sending";

/**
 * Handles a `submit` event that reached `window` (bubbling: after React's own listeners, so a
 * form React sends itself has `defaultPrevented` and is left alone). A form already sent has
 * the event cancelled. Returns whether the form is now on its way as a document. Browser only.
 */
export function onDocumentSubmit(event: SubmitEvent): boolean {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || event.defaultPrevented || (form.target && form.target !== "_self")) return false;
  if (form.dataset[SENDING] !== undefined) {
    event.preventDefault();
    return false;
  }
  form.dataset[SENDING] = "";
  const pressed = event.submitter;
  const label = pressed?.dataset.busyLabel;
  if (pressed && label) {
    pressed.dataset.label = pressed.textContent ?? "";
    pressed.textContent = label;
  }
  // Disabled only after this task: a disabled submitter would leave its name and value (the
  // form's `intent`) out of what is sent, and the browser reads them once the event is over.
  setTimeout(() => {
    for (const button of submitButtons(form)) {
      if (button.disabled) continue;
      button.disabled = true;
      button.dataset.sentDisabled = "";
    }
  }, 0);
  return true;
}

/** Puts back every form sent from this document (a `pageshow` from the page cache: the parent pressed Back). */
export function restoreSentForms(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>("form[data-sending]")) {
    delete form.dataset[SENDING];
    for (const button of submitButtons(form)) {
      if (button.dataset.sentDisabled !== undefined) {
        button.disabled = false;
        delete button.dataset.sentDisabled;
      }
      if (button.dataset.label !== undefined) {
        button.textContent = button.dataset.label;
        delete button.dataset.label;
      }
    }
  }
}

const submitButtons = (form: HTMLFormElement) =>
  [...form.elements].filter((e): e is HTMLButtonElement | HTMLInputElement => (e instanceof HTMLButtonElement || e instanceof HTMLInputElement) && e.type === "submit");
