/** /faculty: co-ordinators and departments (content/faculty.ts), counts from the disclosure. Prerendered. */
import type { Route } from "./+types/faculty";
import { coordinators, departments } from "#content/faculty";
import { disclosure } from "#content/mandatory-disclosure";
import { getContentPage } from "~/features/content/pages.server";
import { teacherSectionRatio } from "~/features/content/disclosure";
import { pageMeta, siteUrlFrom } from "~/features/content/meta";
import { FacultyPage } from "~/features/content/components/faculty-page";

export function loader() {
  const { pgt, tgt, prt } = disclosure.staff.teachers;
  const counts = [
    { label: "Teachers in all", value: String(pgt + tgt + prt) },
    { label: "Post-graduate teachers (PGT)", value: String(pgt) },
    { label: "Trained graduate teachers (TGT)", value: String(tgt) },
    { label: "Primary teachers (PRT)", value: String(prt) },
    { label: "Teachers per section", value: teacherSectionRatio(pgt + tgt + prt, disclosure.staff.sections) },
  ];
  return { page: getContentPage("/faculty"), counts, coordinators, departments };
}

export const meta: Route.MetaFunction = ({ data, matches }) => (data ? pageMeta({ ...data.page.seo, siteUrl: siteUrlFrom(matches) }) : []);

export default function Faculty({ loaderData }: Route.ComponentProps) {
  const { page, counts, coordinators: people, departments: groups } = loaderData;
  return <FacultyPage page={page} counts={counts} coordinators={people} departments={groups} />;
}
