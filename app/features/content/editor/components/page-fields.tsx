/**
 * The fields of a content page (issue 28): its fixed address, the title and description search
 * results show (each with a live count against what they show), keywords one per line, an
 * optional heading, the lead; the description of its picture; for a leadership message the
 * person speaking. The parts the form does not edit (the pictures' files, highlight cards,
 * picture grid, related links) are posted back as they were and named, so a save keeps them.
 */
import { Field, LABEL_CLASS, TextArea } from "~/components/field";
import { DESCRIPTION_LIMITS, KEYWORDS_MAX, LEAD_LIMITS, TITLE_MAX, TITLE_SHOWN } from "../../items";
import { keptParts, type PageFormValues } from "../form-values";
import { Card, CountedText, INVALID, Input, ids, type Errors } from "./form-parts";

/** A page's fields (the text is the form's; a page has no schedule). */
export function PageFields({ values, errors, slug }: { values: PageFormValues; errors: Errors; slug: string | null }) {
  const kept = keptParts(values.kept) ?? {};
  const keptNames = [
    kept.highlights?.length ? `${kept.highlights.length} highlight ${kept.highlights.length === 1 ? "card" : "cards"}` : null,
    kept.pictures?.length ? `${kept.pictures.length} ${kept.pictures.length === 1 ? "picture" : "pictures"} after the text` : null,
    kept.related?.length ? `${kept.related.length} related ${kept.related.length === 1 ? "link" : "links"}` : null,
    kept.image || kept.personImage ? "the picture files" : null,
  ].filter((n): n is string => n !== null);
  const keywords = ids("keywords", errors, true);
  const lead = ids("lead", errors, true);
  return (
    <>
      <input type="hidden" name="kept" value={values.kept} />
      <Card title="The page">
        <div className="sm:col-span-2">
          <p className={LABEL_CLASS}>Address</p>
          <p className="mt-1 font-mono text-sm text-slate-800">/{slug}</p>
          <p className="text-sm text-slate-600">Fixed: the page is part of the site&apos;s menus and links.</p>
        </div>
        <div className="sm:col-span-2">
          <CountedText name="title" label="Title" hint={`The page's name in search results and the browser tab, and its heading unless you give one below. Search results show about ${TITLE_SHOWN} characters; at most ${TITLE_MAX.page}.`} max={TITLE_SHOWN} errors={errors} defaultValue={values.title} rows={1} testId="title-count" />
        </div>
        <div className="sm:col-span-2">
          <CountedText name="description" label="Description" hint={`Shown under the title in search results and when the page is shared: ${DESCRIPTION_LIMITS.hintMin} to ${DESCRIPTION_LIMITS.hintMax} characters read best; at most ${DESCRIPTION_LIMITS.max}.`} min={DESCRIPTION_LIMITS.hintMin} max={DESCRIPTION_LIMITS.hintMax} errors={errors} defaultValue={values.description} rows={3} testId="description-count" />
        </div>
        <Field {...keywords.field} label="Keywords" hint={`What people search for, one per line, at most ${KEYWORDS_MAX}.`}>
          <TextArea look="dense" className={INVALID} id={keywords.field.id} name="keywords" rows={4} defaultValue={values.keywords} {...keywords.aria} />
        </Field>
        <Input name="heading" label="Heading (optional)" hint="The page's big heading, when it should differ from the title." errors={errors} defaultValue={values.heading} />
        <div className="sm:col-span-2">
          <Field {...lead.field} label="Lead" hint={`One or two sentences under the heading: ${LEAD_LIMITS.min} to ${LEAD_LIMITS.max} characters.`}>
            <TextArea look="dense" className={INVALID} id={lead.field.id} name="lead" rows={3} defaultValue={values.lead} required {...lead.aria} />
          </Field>
        </div>
        {kept.image && <Input name="imageAlt" label="Description of the picture" hint="What the picture beside the heading shows, for people who cannot see it." errors={errors} defaultValue={values.imageAlt} className="sm:col-span-2" />}
        {keptNames.length > 0 && <p className="text-sm text-slate-700 sm:col-span-2" data-testid="kept-parts">Kept as they are when you save: {keptNames.join(", ")}.</p>}
      </Card>
      {kept.personImage && (
        <Card title="Who speaks">
          <Input name="personName" errorKey="person.name" label="Name" errors={errors} defaultValue={values.personName} />
          <Input name="personRole" errorKey="person.role" label="Role" errors={errors} defaultValue={values.personRole} />
          <Input name="personQualification" errorKey="person.qualification" label="Qualification (optional)" errors={errors} defaultValue={values.personQualification} />
          <Input name="personImageAlt" errorKey="person.imageAlt" label="Description of the portrait" hint="What the portrait shows, for people who cannot see it." errors={errors} defaultValue={values.personImageAlt} />
        </Card>
      )}
    </>
  );
}
