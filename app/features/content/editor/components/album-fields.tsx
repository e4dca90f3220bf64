/**
 * The fields of a gallery album (issue 28): title, address (typed for a new album, made from the
 * title until then; fixed after the first save), date, description, and its photos. Each photo
 * is a row with its thumbnail, an "In the album" box, its description for people who cannot see
 * it and its caption. Photos uploaded on the pictures page with this album's address as their
 * album are offered unticked after the album's own; "Add a photo" (with JavaScript) picks any
 * other of the school's photos. A plain form: rows post without JavaScript.
 */
import { useState } from "react";
import { Button } from "~/components/button";
import { DENSE_LABEL_CLASS, Field, LABEL_CLASS, TextArea, TextInput } from "~/components/field";
import { ALBUM_DESCRIPTION_MAX, ALBUM_MAX_PICTURES, ALBUM_TITLE_MAX, ALT_MAX, CAPTION_MAX } from "../../items";
import type { AlbumFormValues, AlbumPictureValues } from "../form-values";
import { ServerPicturePicker, usePickerToggle } from "../../components/picture-picker";
import { Card, INVALID, Input, SlugField, ids, type Errors } from "./form-parts";

/** An album's fields (the schedule is the form's). */
export function AlbumFields({ values, errors, slug }: { values: AlbumFormValues; errors: Errors; slug: string | null }) {
  const [title, setTitle] = useState(values.title);
  const description = ids("description", errors, true);
  return (
    <>
      <Card title="The album">
        <div className="sm:col-span-2">
          <Field {...ids("title", errors, true).field} label="Title" hint={`At most ${ALBUM_TITLE_MAX} characters, for example "Annual Day 2026".`}>
            <TextInput look="dense" className={INVALID} id="field-title" name="title" defaultValue={values.title} onChange={(e) => setTitle(e.target.value)} autoComplete="off" required {...ids("title", errors, true).aria} />
          </Field>
        </div>
        {slug === null ? (
          <SlugField initial={values.slug} title={title} errors={errors} hint={(value) => <>Its name for photos: upload them on the pictures page with the album <span className="font-mono">{value || "…"}</span>, and they are offered here. Lowercase letters, digits and hyphens; it cannot change after the first save.</>} />
        ) : (
          <div className="sm:col-span-2">
            <p className={LABEL_CLASS}>Address</p>
            <p className="mt-1 font-mono text-sm text-slate-800">{slug}</p>
            <p className="text-sm text-slate-600">Photos uploaded on the pictures page with this album are offered below.</p>
          </div>
        )}
        <Input required name="date" label="Date" hint="The day of the event it shows; albums are listed newest first." type="date" errors={errors} defaultValue={values.date} />
        <div className="sm:col-span-2">
          <Field {...description.field} label="Description" hint={`One or two sentences under the title, at most ${ALBUM_DESCRIPTION_MAX} characters.`}>
            <TextArea look="dense" className={INVALID} id={description.field.id} name="description" rows={2} defaultValue={values.description} {...description.aria} />
          </Field>
        </div>
      </Card>
      {/* A refused post comes back with the album's photos first: new rows, not the old state. */}
      <AlbumPictures key={values.pictures.map((p) => `${p.image}:${p.include}`).join("|")} initial={values.pictures} errors={errors} />
    </>
  );
}

/** The photo rows: the album's (ticked) first, then those offered; "Add a photo" appends a ticked row. */
function AlbumPictures({ initial, errors }: { initial: AlbumPictureValues[]; errors: Errors }) {
  const [rows, setRows] = useState(initial);
  const picker = usePickerToggle("Add a photo");
  const inAlbum = rows.filter((r) => r.include).length;
  return (
    <section aria-labelledby="album-pictures-heading" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id="album-pictures-heading" className="text-lg font-bold text-brand-800">Photos</h2>
      <p id="album-pictures" tabIndex={-1} className="mt-1 text-sm text-slate-700">
        {inAlbum} of at most {ALBUM_MAX_PICTURES} photos in the album, shown in this order. Untick a photo to take it out; each needs a description for people who cannot see it.
      </p>
      {errors.pictures && <p className="mt-2 text-sm font-medium text-red-800">{errors.pictures}</p>}
      {rows.length === 0 && <p className="mt-3 text-sm text-slate-700">No photos yet: upload them on the <a href="/admin/content/pictures" target="_blank" rel="noopener" className="font-semibold text-brand-700 underline">pictures page (opens in a new tab, so this form keeps what you typed)</a> with this album&apos;s address as their album, or add them one by one below.</p>}
      <ol className="mt-4 space-y-4">
        {rows.map((row, i) => (
          <PictureRow key={`${row.image}-${i}`} row={row} index={i} errors={errors} />
        ))}
      </ol>
      <div className="mt-4">
        <Button size="xs" variant="secondary" {...picker.toggle} />
        {picker.open && (
          <div className="mt-3">
            <ServerPicturePicker
              legend="The school's photos"
              onChoose={(chosen) => {
                setRows((now) => [...now.filter((r) => r.include), { image: chosen.ref, alt: chosen.alt, caption: "", include: true, thumbnail: "" }, ...now.filter((r) => !r.include)]);
                picker.close();
              }}
            />
          </div>
        )}
      </div>
    </section>
  );
}

/**
 * One photo. The store names its messages by a photo's place among the album's photos
 * ("pictures.2.alt"); a refused form's rows come back with the album's photos first
 * (form-values.ts readAlbumPictures), so that place is the row's.
 */
function PictureRow({ row, index, errors }: { row: AlbumPictureValues; index: number; errors: Errors }) {
  const key = (field: string) => `pictures.${index}.${field}`;
  const alt = ids(key("alt"), errors, true);
  const caption = ids(key("caption"), errors);
  const imageError = errors[key("image")];
  return (
    <li className="grid gap-3 rounded-xl border border-slate-200 p-3 sm:grid-cols-[8rem_1fr]" data-testid="album-picture">
      <div>
        {row.thumbnail ? <img src={row.thumbnail} alt="" width={128} height={96} loading="lazy" className="aspect-[4/3] w-32 rounded bg-slate-200 object-cover" /> : <div className="flex aspect-[4/3] w-32 items-center justify-center rounded bg-slate-100 text-xs text-slate-600">No preview</div>}
        <p className="mt-1 break-all font-mono text-xs text-slate-600">{row.image}</p>
        {imageError && <p className="mt-1 text-sm font-medium text-red-800">{imageError}</p>}
        <input type="hidden" name="pictureImage" value={row.image} />
        <input type="hidden" name="pictureThumbnail" value={row.thumbnail} />
      </div>
      <div className="grid gap-3">
        <label className="flex items-center gap-2 text-sm font-semibold text-slate-800">
          <input type="checkbox" name="pictureInclude" value={index} defaultChecked={row.include} className="h-4 w-4" />
          In the album
        </label>
        <Field {...alt.field} label={<span className={DENSE_LABEL_CLASS}>Description</span>} hint={`What the photo shows, for people who cannot see it (10 to ${ALT_MAX} characters).`}>
          <TextInput look="dense" className={INVALID} id={alt.field.id} name="pictureAlt" defaultValue={row.alt} maxLength={ALT_MAX} autoComplete="off" {...alt.aria} />
        </Field>
        <Field {...caption.field} label={<span className={DENSE_LABEL_CLASS}>Caption (optional)</span>}>
          <TextInput look="dense" className={INVALID} id={caption.field.id} name="pictureCaption" defaultValue={row.caption} maxLength={CAPTION_MAX} autoComplete="off" {...caption.aria} />
        </Field>
      </div>
    </li>
  );
}
