/**
 * A chart with its accessible alternative. The server and the first client render draw
 * a skeleton of exactly the chart's height; after hydration the Recharts module is fetched
 * lazily and drawn in the same box, so the layout never jumps. Screen readers get the summary
 * sentence (the drawing itself is hidden from them); everyone can open the figures as a table.
 */
import { lazy, Suspense } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import type { ChartModel } from "./chart-data";
import { DataTable } from "./panel";
import type { TableId, TableSource } from "./tables";

const Chart = lazy(() => import("./charts"));

function Skeleton() {
  return <div className="h-full w-full animate-pulse rounded-lg bg-slate-100" />;
}

export function ChartCard({ model, table, source, height = "h-64" }: { model: ChartModel; table: TableId; source: TableSource; height?: string }) {
  const hydrated = useHydrated();
  return (
    <figure className="m-0">
      {model.empty ? (
        <p className="py-4 text-sm text-slate-600">{model.summary}</p>
      ) : (
        <>
          {/* The drawing is for the eye; the caption and the table carry the same figures for everyone. */}
          <div className={`${height} w-full`} aria-hidden="true" data-testid={`chart-${table}`}>
            {hydrated ? (
              <Suspense fallback={<Skeleton />}>
                <Chart {...model.chart} />
              </Suspense>
            ) : (
              <Skeleton />
            )}
          </div>
          <figcaption className="mt-2 text-sm text-slate-700">{model.summary}</figcaption>
        </>
      )}
      {!model.empty && (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer font-semibold text-brand-700">Show as a table</summary>
          <div className="mt-2">
            <DataTable table={table} source={source} caption={model.summary} captionHidden />
          </div>
        </details>
      )}
    </figure>
  );
}
