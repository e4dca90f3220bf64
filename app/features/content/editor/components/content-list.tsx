/**
 * /admin/content (issue 28): the school's news stories, events, notices, calendar entries, job
 * openings, gallery albums and pages, newest change first, each with its kind, state (Draft,
 * Published, Unpublished changes) and who saved it last and when (India, 12-hour); a filter by
 * kind (links, so it lives in the URL) and the actions to write a new item of each kind that can
 * be made here (not a page: its address is a route). A table on wide screens, cards on phones.
 */
import { Link } from "react-router";
import { ButtonLink } from "~/components/button";
import { PageHeader } from "~/components/page-header";
import { StatusBadge } from "~/components/status-badge";
import { CONTENT_KINDS, type ContentKind } from "~/db/content-values";
import { KIND_LABELS } from "../../items";
import { kindForm } from "../form-values";
import { STATUS_LABELS, type ContentRowView, type ItemStatus } from "../view";

type Props = { rows: ContentRowView[]; kind: ContentKind | null };

function Status({ status }: { status: ItemStatus }) {
  return <StatusBadge tone={STATUS_LABELS[status].tone}>{STATUS_LABELS[status].label}</StatusBadge>;
}

export function ContentList({ rows, kind }: Props) {
  const filters: { label: string; kind: ContentKind | null }[] = [{ label: "All", kind: null }, ...CONTENT_KINDS.map((k) => ({ label: KIND_LABELS[k].many, kind: k }))];
  return (
    <>
      <PageHeader
        title="Content"
        actions={
          <div className="flex flex-wrap gap-2">
            {/* The first kind (news) is the main action, last in the row. */}
            {CONTENT_KINDS.toReversed().map((k) => {
              const label = kindForm(k).newLabel;
              return label && <ButtonLink key={k} to={`/admin/content/new?kind=${k}`} variant={k === CONTENT_KINDS[0] ? "primary" : "secondary"} size="xs">{label}</ButtonLink>;
            })}
          </div>
        }
      />
      <p className="mt-1 max-w-3xl text-sm text-slate-700">
        The site&apos;s news, events, notices, calendar, job openings, gallery albums and pages. Drafts are only seen here; publishing shows an item to visitors within a second, and every change is kept as a revision you can compare and restore.
      </p>

      <nav aria-label="Filter by kind" className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {filters.map((f) => {
            const current = f.kind === kind;
            return (
              <li key={f.label}>
                <Link
                  to={f.kind ? `/admin/content?kind=${f.kind}` : "/admin/content"}
                  aria-current={current ? "page" : undefined}
                  className={`block rounded-full border px-3 py-1.5 text-sm font-semibold ${current ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-slate-800 hover:border-brand-700"}`}
                >
                  {f.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      {rows.length === 0 ? (
        <p className="mt-4 rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">Nothing here yet: write one with the buttons above.</p>
      ) : (
        <>
          <table className="mt-4 hidden w-full overflow-hidden rounded-2xl border border-slate-200 bg-white text-left text-sm md:table">
            <thead className="bg-slate-50 text-xs tracking-wide text-slate-700 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">Title</th>
                <th scope="col" className="px-3 py-2">Kind</th>
                <th scope="col" className="px-3 py-2">State</th>
                <th scope="col" className="px-3 py-2">Last saved (IST)</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-t border-slate-200 align-top" data-testid="content-row">
                  <td className="px-3 py-3"><Link className="font-semibold break-words text-brand-700 underline" to={r.href}>{r.title}</Link></td>
                  <td className="px-3 py-3 whitespace-nowrap">{r.kindLabel}</td>
                  <td className="px-3 py-3 whitespace-nowrap"><Status status={r.status} /></td>
                  <td className="px-3 py-3">
                    <span className="block whitespace-nowrap">{r.saved}</span>
                    <span className="block text-xs break-words text-slate-700">by {r.savedBy}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>

          <ul className="mt-4 space-y-3 md:hidden">
            {rows.map((r) => (
              <li key={r.id} className="rounded-2xl border border-slate-200 bg-white p-4">
                <div className="flex items-start justify-between gap-2">
                  <Link className="min-w-0 font-semibold break-words text-brand-700 underline" to={r.href}>{r.title}</Link>
                  <span className="shrink-0 whitespace-nowrap"><Status status={r.status} /></span>
                </div>
                <p className="mt-1 text-sm text-slate-700">{r.kindLabel}</p>
                <p className="text-sm text-slate-700">Saved {r.saved}</p>
                <p className="text-sm break-words text-slate-700">by {r.savedBy}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
