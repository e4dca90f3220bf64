/** The school's headline figures under the hero; every number comes from content/school.ts. */
import { school } from "#content/school";

export function HomeFigures() {
  const { figures } = school;
  const items = [
    { value: figures.students, label: "Students and families" },
    { value: figures.cbseResults, label: "CBSE board results" },
    { value: `${figures.parentRating}/5`, label: "Parent rating" },
    { value: figures.years, label: `Years of teaching, since ${school.foundingYear}` },
  ];
  return (
    <div className="border-b border-brand-100 bg-brand-50">
      <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-y-6 px-5 py-8 text-center sm:grid-cols-4">
        {items.map((item) => (
          <div key={item.label} className="flex flex-col-reverse">
            <dt className="mt-1 text-sm font-medium text-slate-700">{item.label}</dt>
            <dd className="text-3xl font-extrabold text-brand-800 sm:text-4xl">{item.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
