/**
 * /admin/content/new and /admin/content/:id (issue 28): an item's state (Draft, Published,
 * Unpublished changes; who saved last and when, in India), the line saying what the last post
 * did or why nothing was saved (each message also beside its field; a conflict names who saved
 * in the meantime and keeps the text typed), the item's form, Unpublish for a publisher, and the
 * revisions with their comparison and Restore.
 */
import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { Button, ButtonLink } from "~/components/button";
import { PageHeader } from "~/components/page-header";
import { StatusBadge } from "~/components/status-badge";
import type { ContentKind } from "~/db/content-values";
import { FIXED_KINDS, KIND_LABELS } from "../../items";
import { kindForm, type FormValuesOf } from "../form-values";
import type { EditorNotice } from "../save.server";
import { STATUS_LABELS, type BodyPreview, type ComparisonView, type ItemSummaryView, type RevisionView } from "../view";
import { ErrorList, ItemForm } from "./item-form";
import { RevisionsPanel } from "./revisions-panel";

type Props<K extends ContentKind> = {
  kind: K;
  /** The item being edited, or null on the page of a new one. */
  item: (ItemSummaryView & { version: number; hasPublished: boolean }) | null;
  values: FormValuesOf[K];
  preview: BodyPreview;
  notice: EditorNotice | undefined;
  canPublish: boolean;
  publishNeed: string;
  busy: boolean;
  revisions: RevisionView[];
  comparison: ComparisonView | null;
};

export function EditorPage<K extends ContentKind>({ kind, item, values, preview, notice, canPublish, publishNeed, busy, revisions, comparison }: Props<K>) {
  const refused = notice && !notice.ok ? notice : null;
  // A refusal brings back what was posted (the page without JavaScript has nothing else).
  const shown = (refused?.values ?? values) as FormValuesOf[K];
  const title = item ? item.title : `New ${KIND_LABELS[kind].one.toLowerCase()}`;
  return (
    <div className="space-y-5">
      <div>
        <PageHeader
          title={title}
          actions={
            <div className="flex flex-wrap gap-2">
              {item?.publicHref && <ButtonLink to={item.publicHref} variant="neutral" size="xs">See it on the site</ButtonLink>}
              <ButtonLink to="/admin/content" variant="neutral" size="xs">All content</ButtonLink>
            </div>
          }
        />
        {item ? (
          <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-slate-700">
            <StatusBadge tone={STATUS_LABELS[item.status].tone}>{STATUS_LABELS[item.status].label}</StatusBadge>
            <span>{item.kindLabel}</span>
            <span>Last saved by {item.savedBy} at {item.saved}</span>
            {item.published && <span>Published by {item.publishedBy} at {item.published}</span>}
            {canPublish && item.status !== "draft" && !FIXED_KINDS.has(kind) && (
              <Form method="post">
                <input type="hidden" name="intent" value="unpublish" />
                <input type="hidden" name="version" value={item.version} />
                <Button variant="danger-outline" size="xs" disabled={busy}>Unpublish</Button>
              </Form>
            )}
          </div>
        ) : (
          <p className="mt-1 max-w-3xl text-sm text-slate-700">
            {kindForm(kind).intro}{" "}
            Save a draft first if you are not ready: nothing shows on the site until it is published.
          </p>
        )}
      </div>
      {notice && <NoticeBox kind={kind} notice={notice} />}
      <ItemForm
        key={item ? `v${item.version}` : "new"}
        kind={kind}
        values={shown}
        errors={refused?.errors ?? {}}
        version={item?.version ?? null}
        slug={item?.slug ?? null}
        preview={preview}
        canPublish={canPublish}
        publishNeed={publishNeed}
        busy={busy}
      />
      {item && <RevisionsPanel itemTitle={item.title} revisions={revisions} version={item.version} hasPublished={item.hasPublished} comparison={comparison} busy={busy} />}
    </div>
  );
}

/** What the last post did, or why nothing was saved, with a link to each field in question. Takes focus when it says no. */
function NoticeBox({ kind, notice }: { kind: ContentKind; notice: EditorNotice }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!notice.ok) box.current?.focus();
  }, [notice]);
  if (notice.ok) {
    return <div role="status" className="rounded-xl border border-emerald-300 bg-emerald-50 p-3 text-sm font-semibold text-emerald-950">{notice.message}</div>;
  }
  return (
    <div ref={box} tabIndex={-1} role="alert" className="rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-900 focus:outline-2 focus:outline-red-700" data-testid={notice.conflict ? "conflict" : "refusal"}>
      <p className="font-semibold">{notice.message}</p>
      <ErrorList kind={kind} errors={notice.errors} />
    </div>
  );
}
