/**
 * POST /api/enquiries: the enquiry form's post when JavaScript runs (the chrome's dialog, the
 * /enquire page), answered as JSON `{ state, result }` (EnquiryActionData) with the status of
 * the /enquire action, which it is (SPEC §5). Other methods: 405 from React Router.
 */
import type { Route } from "./+types/enquiries";
import { enquiryAnswer } from "~/features/enquiries/submit-enquiry.server";

export async function action({ request }: Route.ActionArgs) {
  const { body, status } = await enquiryAnswer(request);
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}
