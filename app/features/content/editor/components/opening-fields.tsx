/** The fields of a job opening (issue 28): role, subject, type, qualifications (one a line), experience, how to apply, closing date and the day it was posted (India). */
import { Field, TextArea } from "~/components/field";
import { OPENING_MAX } from "../../items";
import type { OpeningFormValues } from "../form-values";
import { Card, INVALID, Input, ids, type Errors } from "./form-parts";

/** A multi-line field across the group's columns. */
function Lines({ name, label, hint, rows, errors, defaultValue }: { name: string; label: string; hint: string; rows: number; errors: Errors; defaultValue: string }) {
  const { field, aria } = ids(name, errors, true);
  return (
    <div className="sm:col-span-2">
      <Field {...field} label={label} hint={hint}>
        <TextArea look="dense" className={INVALID} id={field.id} name={name} rows={rows} defaultValue={defaultValue} {...aria} />
      </Field>
    </div>
  );
}

/** An opening's fields (the schedule is the form's). */
export function OpeningFields({ values, errors }: { values: OpeningFormValues; errors: Errors }) {
  return (
    <Card title="The opening">
      <Input name="role" label="Role" hint="For example PGT Physics." errors={errors} defaultValue={values.role} />
      <Input name="subject" label="Subject" hint="For example Physics (Classes XI–XII)." errors={errors} defaultValue={values.subject} />
      <Input name="type" label="Type" hint="Teaching or non-teaching; full-time or part-time." errors={errors} defaultValue={values.type} />
      <Input name="experience" label="Experience" hint={`At most ${OPENING_MAX.experience} characters.`} errors={errors} defaultValue={values.experience} />
      <Lines name="qualifications" label="Qualifications" hint={`One a line, at most ${OPENING_MAX.qualifications}.`} rows={4} errors={errors} defaultValue={values.qualifications} />
      <Lines name="howToApply" label="How to apply" hint="Where to send what, and what happens next." rows={3} errors={errors} defaultValue={values.howToApply} />
      <Input required name="closingDate" label="Closing date" hint="Shown on the site until the end of this day (India)." type="date" errors={errors} defaultValue={values.closingDate} />
      <Input required name="posted" label="Posted on" type="date" errors={errors} defaultValue={values.posted} />
    </Card>
  );
}
