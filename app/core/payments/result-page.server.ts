/**
 * What the result pages (/payment-success, /payment-failure, /payment-pending, /payment-on-hold) show for
 * `?order=<public id>`: the order's summary, or a redirect to the page its status belongs on (a
 * result page never claims what is not recorded). While the database is away they fall back to
 * 'being confirmed' instead of an error.
 */
import { isPublicId, isReference } from "./identifiers";
import type { PaymentService } from "./service.server";
import { resultPath, type ResultPath } from "./states";
import { summaryOf, type OrderSummaryData } from "./summary";
import { messageOf } from "~/lib/errors";

export type ResultPageData =
  | { kind: "redirect"; location: string }
  | { kind: "order"; summary: OrderSummaryData }
  | { kind: "plain"; reference: string | null }
  | { kind: "unavailable"; reference: string | null };

/** Never throws: a database failure gives `unavailable`. */
export async function resultPageData(service: Pick<PaymentService, "view">, url: URL, page: ResultPath): Promise<ResultPageData> {
  const id = url.searchParams.get("order");
  const reference = url.searchParams.get("reference");
  const plainReference = isReference(reference) ? reference : null;
  if (!isPublicId(id)) return { kind: "plain", reference: plainReference };
  try {
    const view = await service.view(id);
    if (!view) return { kind: "plain", reference: null };
    const belongs = resultPath(view.status);
    if (belongs !== page) return { kind: "redirect", location: `${belongs}?order=${view.publicId}` };
    return { kind: "order", summary: summaryOf(view) };
  } catch (error) {
    console.error(`Payment result page without its order (${messageOf(error)})`);
    return { kind: "unavailable", reference: plainReference };
  }
}
