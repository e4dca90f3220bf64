/**
 * The enquiry form as an island: the chrome's Enquire Now dialog mounts it on pages that do not
 * hydrate React (and on those that do, in a root of its own). React and the form's code load
 * only when a parent opens the dialog or is about to (app/features/site/chrome/index.ts).
 */
import "~/lib/zod-in-browser";
import { createRoot } from "react-dom/client";
import { EnquiryForm } from "./enquiry-form";

/**
 * Renders the form into `container` (emptied first) for the page at `sourcePage` ("/fee");
 * `onSuccess` runs once per successful submission. Returns a function that unmounts it and puts
 * back what the container held, as the server rendered it (a page hydrating later finds it so).
 */
export function mountEnquiryForm(container: HTMLElement, { sourcePage, onSuccess }: { sourcePage: string; onSuccess: () => void }): () => void {
  const rendered = [...container.childNodes];
  container.replaceChildren();
  const root = createRoot(container);
  root.render(<EnquiryForm sourcePage={sourcePage} onSuccess={onSuccess} />);
  return () => {
    root.unmount();
    container.replaceChildren(...rendered);
  };
}
