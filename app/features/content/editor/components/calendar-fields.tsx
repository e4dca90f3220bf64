/** The fields of a calendar entry (issue 28): its title, first and last day (India), category and whether the date is tentative. */
import { categoryLabels, calendarCategories } from "#content/calendar";
import { Field, TextInput } from "~/components/field";
import { Select } from "~/components/select";
import { TITLE_MAX } from "../../items";
import type { CalendarFormValues } from "../form-values";
import { Card, Checkbox, INVALID, Input, ids, type Errors } from "./form-parts";

/** A calendar entry's fields (the schedule is the form's). */
export function CalendarFields({ values, errors }: { values: CalendarFormValues; errors: Errors }) {
  const title = ids("title", errors, true);
  const category = ids("category", errors);
  return (
    <Card title="The calendar entry">
      <div className="sm:col-span-2">
        <Field {...title.field} label="Title" hint={`At most ${TITLE_MAX.calendar} characters, for example "Annual Sports Meet".`}>
          <TextInput look="dense" className={INVALID} id={title.field.id} name="title" defaultValue={values.title} autoComplete="off" required {...title.aria} />
        </Field>
      </div>
      <Input required name="start" label="First day" type="date" errors={errors} defaultValue={values.start} />
      <Input name="end" label="Last day (optional)" hint="Empty for a single day." type="date" errors={errors} defaultValue={values.end} />
      <Field {...category.field} label="Category">
        <Select look="dense" className={INVALID} id={category.field.id} name="category" defaultValue={values.category} {...category.aria}>
          {calendarCategories.map((c) => (
            <option key={c} value={c}>{categoryLabels[c]}</option>
          ))}
        </Select>
      </Field>
      <Checkbox name="tentative" label="Tentative: shown with “(tentative)” until the date is confirmed" errors={errors} defaultChecked={values.tentative} />
    </Card>
  );
}
