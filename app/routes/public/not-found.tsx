/** Any unknown path goes to the home page (SPEC §2 redirects). */
import { redirect } from "react-router";

export function loader() {
  return redirect("/", 301);
}
