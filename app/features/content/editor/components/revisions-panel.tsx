/**
 * An item's revisions (issue 28), newest first: what each did, who and when, with "Compare with
 * published" (a link: the page then shows that revision's fields and text against what visitors
 * see, removed words struck through on red and added ones underlined on green, each also named
 * for screen readers) and Restore (makes that revision the draft again, from the page's version,
 * so a newer save by someone else is not overwritten). Plain links and forms: no JavaScript
 * needed.
 */
import { Form, Link } from "react-router";
import { Button } from "~/components/button";
import type { DiffPart } from "../diff";
import type { ComparisonView, RevisionView } from "../view";

type Props = {
  itemTitle: string;
  revisions: RevisionView[];
  version: number;
  /** Whether a published version exists to compare with. */
  hasPublished: boolean;
  comparison: ComparisonView | null;
  busy: boolean;
};

export function RevisionsPanel({ itemTitle, revisions, version, hasPublished, comparison, busy }: Props) {
  return (
    <section aria-labelledby="revisions-heading" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id="revisions-heading" className="text-lg font-bold text-brand-800">Revisions</h2>
      <p className="mt-1 text-sm text-slate-700">Every save, publish and restore keeps the whole item as it then was. Restoring makes a revision the draft again; publish it to show it to visitors.</p>
      {comparison && <Comparison comparison={comparison} />}
      <ol className="mt-3 divide-y divide-slate-200" data-testid="revisions">
        {revisions.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-3" data-testid="revision">
            <div className="min-w-0 text-sm">
              <p className="font-semibold text-slate-900">
                {r.action}
                {r.current && <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">the draft now</span>}
              </p>
              <p className="break-words text-slate-700">{r.by} · {r.at}</p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              {hasPublished && (
                <Link
                  to={`?compare=${r.id}#comparison`}
                  preventScrollReset
                  className="rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 underline hover:bg-slate-100"
                  aria-current={comparison?.revision.id === r.id ? "true" : undefined}
                >
                  Compare with published<span className="sr-only">: {r.action.toLowerCase()} at {r.at}</span>
                </Link>
              )}
              {!r.current && (
                <Form method="post">
                  <input type="hidden" name="intent" value="restore" />
                  <input type="hidden" name="revisionId" value={r.id} />
                  <input type="hidden" name="version" value={version} />
                  <Button variant="neutral" size="xs" disabled={busy}>
                    Restore<span className="sr-only"> the revision of {r.at} of {itemTitle}</span>
                  </Button>
                </Form>
              )}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Comparison({ comparison }: { comparison: ComparisonView }) {
  const changed = comparison.fields.filter((f) => f.changed);
  const same = comparison.fields.filter((f) => !f.changed);
  return (
    <div id="comparison" className="mt-4 rounded-xl border border-brand-100 bg-brand-50 p-3 sm:p-4" data-testid="comparison">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="font-bold text-slate-900">
          {comparison.revision.action} at {comparison.revision.at}, compared with the version published at {comparison.publishedAt}
        </h3>
        <Link to="?" preventScrollReset className="rounded-lg px-3 py-1.5 text-sm font-semibold text-brand-700 underline hover:bg-white">Close the comparison</Link>
      </div>
      <p className="mt-1 text-sm text-slate-700">
        <del className="bg-red-100 text-red-950 line-through">Removed text</del> is struck through; <ins className="bg-emerald-100 text-emerald-950 underline">added text</ins> is underlined.
      </p>
      {changed.length === 0 ? (
        <p className="mt-3 text-sm font-semibold text-slate-800">No differences: this revision is what visitors see.</p>
      ) : (
        <dl className="mt-3 space-y-3">
          {changed.map((f) => (
            <div key={f.key} className="rounded-lg border border-slate-200 bg-white p-3" data-testid="field-diff">
              <dt className="text-xs font-semibold tracking-wide text-slate-700 uppercase">{f.label}</dt>
              <dd className={`mt-1 text-sm text-slate-900 ${f.block ? "font-mono whitespace-pre-wrap break-words" : "break-words"}`}>
                <Parts parts={f.parts} />
              </dd>
            </div>
          ))}
        </dl>
      )}
      {same.length > 0 && <p className="mt-3 text-sm text-slate-700">Unchanged: {same.map((f) => f.label).join(", ")}.</p>}
    </div>
  );
}

function Parts({ parts }: { parts: DiffPart[] }) {
  return (
    <>
      {parts.map((p, i) =>
        p.change === "added" ? (
          <ins key={i} className="bg-emerald-100 text-emerald-950 underline decoration-2">
            <span className="sr-only">[added: </span>{p.text}<span className="sr-only">]</span>
          </ins>
        ) : p.change === "removed" ? (
          <del key={i} className="bg-red-100 text-red-950 line-through decoration-2">
            <span className="sr-only">[removed: </span>{p.text}<span className="sr-only">]</span>
          </del>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}
