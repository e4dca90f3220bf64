/** A receipt's facts as label–value rows (the verification page and the administrator's receipt page). */
export function FactList({ rows, className = "", testId }: { rows: [string, string][]; className?: string; testId?: string }) {
  return (
    <dl className={`divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white ${className}`} data-testid={testId}>
      {rows.map(([label, value]) => (
        <div key={label} className="flex flex-wrap justify-between gap-2 px-4 py-3">
          <dt className="text-slate-700">{label}</dt>
          <dd className="font-semibold break-all">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
