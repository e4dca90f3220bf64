/**
 * Once-per-browser-session memory of the enquiry dialog (SPEC §4): whether it was shown
 * (opened and closed) or an enquiry was submitted. sessionStorage, so a new tab session
 * starts fresh. Storage failures (private modes) count as "not yet".
 */
export const ENQUIRY_SHOWN_KEY = "kva.enquiry.shown";
export const ENQUIRY_SUBMITTED_KEY = "kva.enquiry.submitted";
/** Delay before the dialog opens by itself on the home page (SPEC §9). */
export const AUTO_OPEN_MS = 5_000;
/** Time the success message stays before the dialog closes (SPEC §9). */
export const SUCCESS_CLOSE_MS = 3_000;

function read(key: string): boolean {
  try {
    return window.sessionStorage.getItem(key) === "1";
  } catch {
    return false;
  }
}

function write(key: string): void {
  try {
    window.sessionStorage.setItem(key, "1");
  } catch {
    // Private browsing without storage: the dialog may open again; nothing is lost.
  }
}

/** True when the dialog may open by itself: not shown and not submitted this session. */
export function mayAutoOpen(): boolean {
  return !read(ENQUIRY_SHOWN_KEY) && !read(ENQUIRY_SUBMITTED_KEY);
}

export const markShown = () => write(ENQUIRY_SHOWN_KEY);
export const markSubmitted = () => write(ENQUIRY_SUBMITTED_KEY);
