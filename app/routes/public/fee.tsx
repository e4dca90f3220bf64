/** /fee: fee structure per class and age criteria (SPEC §2), from content/fees.ts. Prerendered. */
import type { Route } from "./+types/fee";
import { getContentPage } from "~/features/content/pages.server";
import { feeTables } from "~/features/content/fees";
import { pageMeta, siteUrlFrom } from "~/features/content/meta";
import { FeePage } from "~/features/content/components/fee-page";

export function loader() {
  return { page: getContentPage("/fee"), fees: feeTables() };
}

export const meta: Route.MetaFunction = ({ data, matches }) => (data ? pageMeta({ ...data.page.seo, siteUrl: siteUrlFrom(matches) }) : []);

export default function Fee({ loaderData }: Route.ComponentProps) {
  return <FeePage page={loaderData.page} fees={loaderData.fees} />;
}
