/**
 * The form of a content item (issue 28): the kind's own fields (KIND_FIELDS: news-fields.tsx,
 * notice-fields.tsx, calendar-fields.tsx, opening-fields.tsx, album-fields.tsx, page-fields.tsx),
 * its Markdown text when the kind has one, and its schedule when it has one (a page has none).
 * Times are India wall-clock times. Each message shows beside its field and in a list at the top
 * that links to it; the values shown are those posted when a save was refused. The buttons
 * follow the person's permissions: Save draft for every editor; Save and publish for
 * content.publish, and otherwise a sentence naming who may publish. A plain form: it posts
 * without JavaScript.
 */
import type { ComponentType } from "react";
import { Form } from "react-router";
import { useLeaveGuard } from "~/lib/use-leave-guard";
import { Button } from "~/components/button";
import type { ContentKind } from "~/db/content-values";
import { kindForm, type FormValuesOf } from "../form-values";
import type { BodyPreview } from "../view";
import { BodyEditor } from "./body-editor";
import { Card, Input, type Errors } from "./form-parts";
import { AlbumFields } from "./album-fields";
import { CalendarFields } from "./calendar-fields";
import { NewsFields } from "./news-fields";
import { NoticeFields } from "./notice-fields";
import { OpeningFields } from "./opening-fields";
import { PageFields } from "./page-fields";

/** What a kind's fields component gets: the values shown, the messages, and an existing item's address (null for a new one). */
export type KindFieldsProps<V> = { values: V; errors: Errors; slug: string | null };

/** Each kind's own fields. */
const KIND_FIELDS: { [K in ContentKind]: ComponentType<KindFieldsProps<FormValuesOf[K]>> } = { news: NewsFields, notice: NoticeFields, calendar: CalendarFields, opening: OpeningFields, album: AlbumFields, page: PageFields };

/** The id of the control a message of `kind` keyed `key` (a store error path) is about. */
export function controlIdOf(kind: ContentKind, key: string): string {
  return kindForm(kind).controlIds[key] ?? `field-${key}`;
}

/** The label a message keyed `key` is named by: the field's, "Photos, number 3" for a list's entry ("pictures.2.alt"), else "The form". */
function labelOf(kind: ContentKind, key: string): string {
  const labels = kindForm(kind).labels;
  const entry = /^(\w+)\.(\d+)\./.exec(key);
  if (!labels[key] && entry && labels[entry[1]!]) return `${labels[entry[1]!]}, number ${Number(entry[2]) + 1}`;
  return labels[key] ?? "The form";
}

/** The messages of a refused save, each linking to its field and named by the field's label. */
export function ErrorList({ kind, errors }: { kind: ContentKind; errors: Errors }) {
  const entries = Object.entries(errors);
  if (entries.length === 0) return null;
  return (
    <ul className="mt-2 list-disc space-y-1 pl-5">
      {entries.map(([key, message]) => (
        <li key={key}>
          <a href={`#${controlIdOf(kind, key)}`} className="font-semibold text-red-900 underline">{labelOf(kind, key)}: {message}</a>
        </li>
      ))}
    </ul>
  );
}

type Props<K extends ContentKind> = {
  kind: K;
  values: FormValuesOf[K];
  errors: Errors;
  /** The version the form was made from (an existing item), or null for a new one. */
  version: number | null;
  /** An existing item's address (it does not change after the first save). */
  slug: string | null;
  preview: BodyPreview;
  canPublish: boolean;
  /** Who may publish, for an editor who may not ("the Publisher role"). */
  publishNeed: string;
  busy: boolean;
};

export function ItemForm<K extends ContentKind>(props: Props<K>) {
  const { kind, values, errors, version, preview, canPublish, publishNeed, busy } = props;
  const Fields = KIND_FIELDS[kind] as ComponentType<KindFieldsProps<FormValuesOf[K]>>;
  const bodyLabel = kindForm(kind).bodyLabel;
  const form = useLeaveGuard<HTMLFormElement>();
  return (
    <Form ref={form} method="post" noValidate className="space-y-6" aria-label={version === null ? "New item" : "Edit item"}>
      {version !== null && <input type="hidden" name="version" value={version} />}
      <Fields values={values} errors={errors} slug={props.slug} />
      {bodyLabel !== null && (
        <div className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
          <BodyEditor
            id="field-body"
            name="body"
            label={bodyLabel}
            hint={<>Markdown: **bold**, *italic*, ## heading, - list, [words](https://address). Pasted text from Word or Google Docs keeps its headings, lists, bold, italic and links.</>}
            defaultValue={(values as { body?: string }).body ?? ""}
            error={errors.body}
            initialPreview={preview}
          />
        </div>
      )}
      {kindForm(kind).schedule && <Schedule values={values as { publishAt: string; unpublishAt: string }} errors={errors} />}
      <div className="flex flex-wrap items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4">
        <Button name="intent" value="save" variant={canPublish ? "secondary" : "primary"} size="sm" disabled={busy}>Save draft</Button>
        {canPublish ? (
          <Button name="intent" value="publish" size="sm" disabled={busy}>Save and publish</Button>
        ) : (
          <p className="text-sm text-slate-600" data-testid="read-only-note">You can save drafts; publishing needs {publishNeed}.</p>
        )}
      </div>
    </Form>
  );
}

function Schedule({ values, errors }: { values: { publishAt: string; unpublishAt: string }; errors: Errors }) {
  return (
    <Card title="Schedule (optional)">
      <Input name="publishAt" label="Appears on the site at" hint="India time. Empty: as soon as it is published." type="datetime-local" errors={errors} defaultValue={values.publishAt} />
      <Input name="unpublishAt" label="Disappears from the site at" hint="India time. Empty: until it is unpublished." type="datetime-local" errors={errors} defaultValue={values.unpublishAt} />
    </Card>
  );
}
