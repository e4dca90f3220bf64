/**
 * /fee: fee structure per class and age criteria (SPEC §2), from the fee book of the open
 * admission session and its settings. Kept in memory by the server, rendered again each day in
 * India and after each change of the content version (saving the fee book or the admission
 * settings bumps it).
 */
import type { Route } from "./+types/fee";
import { getDb } from "~/db/client.server";
import { getContentPage } from "~/features/content/pages.server";
import { currentFeeFigures } from "~/fee-figures.server";
import { pageMeta, siteUrlFrom } from "~/features/content/meta";
import { FeePage } from "~/features/content/components/fee-page";

export async function loader() {
  return { page: getContentPage("/fee"), fees: await currentFeeFigures(await getDb()) };
}

export const meta: Route.MetaFunction = ({ data, matches }) => (data ? pageMeta({ ...data.page.seo, siteUrl: siteUrlFrom(matches) }) : []);

export default function Fee({ loaderData }: Route.ComponentProps) {
  return <FeePage page={loaderData.page} fees={loaderData.fees} />;
}
