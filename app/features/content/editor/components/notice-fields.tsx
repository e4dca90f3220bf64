/** The fields of a notice (issue 28): its banner line, when it shows (India) and the alert banner box. */
import { Field, TextInput } from "~/components/field";
import { TITLE_MAX } from "../../items";
import type { NoticeFormValues } from "../form-values";
import { Card, Checkbox, INVALID, Input, ids, type Errors } from "./form-parts";

/** A notice's fields (the text and schedule are the form's). */
export function NoticeFields({ values, errors }: { values: NoticeFormValues; errors: Errors }) {
  return (
    <Card title="The notice">
      <div className="sm:col-span-2">
        <Field {...ids("title", errors, true).field} label="Banner line" hint={`One line, at most ${TITLE_MAX.notice} characters, for example "School closed tomorrow: heavy rain".`}>
          <TextInput look="dense" className={INVALID} id="field-title" name="title" defaultValue={values.title} autoComplete="off" required {...ids("title", errors, true).aria} />
        </Field>
      </div>
      <Input name="startsAt" label="Shown from" hint="Date and time, India." type="datetime-local" errors={errors} defaultValue={values.startsAt} />
      <Input name="endsAt" label="Shown until" hint="Date and time, India." type="datetime-local" errors={errors} defaultValue={values.endsAt} />
      <Checkbox name="banner" label="Show as the alert banner on every page" errors={errors} defaultChecked={values.banner} />
    </Card>
  );
}

