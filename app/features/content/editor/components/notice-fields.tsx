/** The fields of a notice (issue 28): its banner line, when it shows (India) and the alert banner box. */
import { Field, TextInput } from "~/components/field";
import { TITLE_MAX } from "../../items";
import type { NoticeFormValues } from "../form-values";
import { Card, INVALID, Input, ids, type Errors } from "./form-parts";

/** A notice's fields (the text and schedule are the form's). */
export function NoticeFields({ values, errors }: { values: NoticeFormValues; errors: Errors }) {
  const banner = ids("banner", errors);
  return (
    <Card title="The notice">
      <div className="sm:col-span-2">
        <Field {...ids("title", errors, true).field} label="Banner line" hint={`One line, at most ${TITLE_MAX.notice} characters, for example "School closed tomorrow: heavy rain".`}>
          <TextInput look="dense" className={INVALID} id="field-title" name="title" defaultValue={values.title} autoComplete="off" required {...ids("title", errors, true).aria} />
        </Field>
      </div>
      <Input name="startsAt" label="Shown from" hint="Date and time, India." type="datetime-local" errors={errors} defaultValue={values.startsAt} />
      <Input name="endsAt" label="Shown until" hint="Date and time, India." type="datetime-local" errors={errors} defaultValue={values.endsAt} />
      <div className="sm:col-span-2">
        <label className="flex items-center gap-2 text-sm font-semibold text-slate-800">
          <input type="checkbox" name="banner" id={banner.field.id} defaultChecked={values.banner} className="h-4 w-4" {...banner.aria} />
          Show as the alert banner on every page
        </label>
        {errors.banner && <p id={banner.field.errorId} className="mt-1 text-sm font-medium text-red-800">{errors.banner}</p>}
      </div>
    </Card>
  );
}

