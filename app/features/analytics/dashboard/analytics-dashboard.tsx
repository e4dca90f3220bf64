/**
 * The administrator's analytics dashboard (SPEC §3, §8, §9), anchored on Umami's and
 * Plausible's: a range picker kept in the URL, headline cards with the change against the
 * previous period, charts with tables behind them, top lists, repeat visitors, realtime
 * visitors and the data-quality panel. Each panel shows its own error and the rest still render.
 */
import { Link } from "react-router";
import { formatDateRange, formatDateTime } from "~/lib/dates";
import type { AnalyticsResult } from "../figures/analytics-result.server";
import type { PeriodComparison } from "../figures/comparison.server";
import type { AnalyticsDashboard as Data, Panel as PanelData } from "./load-dashboard.server";
import { DATE_RANGES, type DateRange } from "../figures/ranges";
import { ChartCard } from "./chart-card";
import { chartModel, type ChartId } from "./chart-data";
import { DataQuality } from "./data-quality";
import { PREVIOUS_PERIOD_LABELS, RANGE_LABELS, formatHour, formatNumber, percentChange } from "./format";
import { CsvLink, DataTable, Panel, PanelError } from "./panel";
import { RealtimeVisitors } from "./realtime-visitors";
import type { TableId } from "./tables";

function RangePicker({ range }: { range: DateRange }) {
  return (
    <nav aria-label="Date range">
      <ul className="flex flex-wrap gap-1.5">
        {DATE_RANGES.map((r) => (
          <li key={r}>
            <Link
              to={`?range=${r}`}
              preventScrollReset
              aria-current={r === range ? "page" : undefined}
              className={`block whitespace-nowrap rounded-full border px-3 py-1.5 text-sm font-semibold ${
                r === range ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-slate-800 hover:border-brand-600"
              }`}
            >
              {RANGE_LABELS[r]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

type CardSpec = { id: string; label: string; value: number; previous?: number };

const CHANGE_STYLE = { up: "text-emerald-800", down: "text-red-800", same: "text-slate-600", new: "text-emerald-800" };

function HeadlineCard({ card, range, comparison }: { card: CardSpec; range: DateRange; comparison: PanelData<PeriodComparison> }) {
  const change = card.previous === undefined ? null : percentChange(card.value, card.previous);
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-testid={`headline-${card.id}`}>
      <span className="block text-sm font-semibold text-slate-700">{card.label}</span>
      <span className="mt-1 block text-2xl font-extrabold tabular-nums text-brand-800" data-testid="value">{formatNumber(card.value)}</span>
      {comparison.ok && change && card.previous !== undefined ? (
        <span className="mt-1 block text-xs text-slate-600" data-testid="change">
          <span className={`font-bold ${CHANGE_STYLE[change.direction]}`}>{change.text}</span> vs {PREVIOUS_PERIOD_LABELS[range]} (
          <span data-testid="previous">{formatNumber(card.previous)}</span>)
        </span>
      ) : !comparison.ok ? (
        <span className="mt-1 block text-xs text-red-800">{comparison.error}</span>
      ) : null}
    </li>
  );
}

function HeadlineCards({ result, comparison, range }: { result: AnalyticsResult; comparison: PanelData<PeriodComparison>; range: DateRange }) {
  const newVisitors = result.dailyVisitors.reduce((sum, d) => sum + d.new_visitors, 0);
  const prev = comparison.ok ? comparison.data.previous : undefined;
  const cards: CardSpec[] = [
    { id: "total-visits", label: "Total visits", value: result.totalVisits, previous: prev?.totalVisits },
    { id: "unique-visitors", label: "Unique visitors", value: result.uniqueVisitorCount, previous: prev?.uniqueVisitors },
    { id: "apply-visits", label: "Apply-page visits", value: result.applyPageVisits, previous: prev?.applyPageVisits },
    { id: "new-visitors", label: "New visitors", value: newVisitors, previous: prev?.newVisitors },
    { id: "returning-visitors", label: "Returning visitors", value: result.totalVisits - newVisitors, previous: prev?.returningVisitors },
  ];
  const peak = result.todayStats.peakHour;
  return (
    <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
      {cards.map((card) => (
        <HeadlineCard key={card.id} card={card} range={range} comparison={comparison} />
      ))}
      <li className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="headline-peak-hour">
        <span className="block text-sm font-semibold text-slate-700">Today&apos;s peak hour</span>
        <span className="mt-1 block text-2xl font-extrabold text-brand-800" data-testid="value">{peak === null ? "No visits yet" : formatHour(peak)}</span>
        <span className="mt-1 block text-xs text-slate-600" data-testid="change">
          {comparison.ok ? (
            <>Yesterday: {comparison.data.yesterdayPeakHour === null ? "no visits" : formatHour(comparison.data.yesterdayPeakHour)}</>
          ) : (
            <span className="text-red-800">{comparison.error}</span>
          )}
        </span>
      </li>
    </ul>
  );
}

function ChartPanel({ title, id, result, range, className }: { title: string; id: ChartId & TableId; result: PanelData<AnalyticsResult>; range: DateRange; className?: string }) {
  return (
    <Panel title={title} className={className} testId={`panel-${id}`} action={result.ok ? <CsvLink table={id} range={range} /> : undefined}>
      {result.ok ? <ChartCard model={chartModel(id, result.data)} table={id} source={{ result: result.data }} /> : <PanelError message={result.error} />}
    </Panel>
  );
}

function ListPanel({ title, id, result, range, caption, className }: { title: string; id: TableId; result: PanelData<AnalyticsResult>; range: DateRange; caption: string; className?: string }) {
  return (
    <Panel title={title} className={className} testId={`panel-${id}`} action={result.ok ? <CsvLink table={id} range={range} /> : undefined}>
      {result.ok ? <DataTable table={id} source={{ result: result.data }} caption={caption} /> : <PanelError message={result.error} />}
    </Panel>
  );
}

/** The whole analytics section of /admin; `canRunJobs`: whether the maintenance buttons show. */
export function AnalyticsDashboard({ data, canRunJobs }: { data: Data; canRunJobs: boolean }) {
  const { range, result } = data;
  return (
    <section aria-labelledby="analytics-heading" className="mt-10" data-testid="analytics" data-range={range}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="analytics-heading" className="text-xl font-bold text-brand-800">Visitor analytics</h2>
        <RealtimeVisitors initial={data.realtime} />
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <RangePicker range={range} />
        {result.ok && (
          <p className="text-xs text-slate-600" data-testid="as-of" data-instant={result.data.lastUpdated}>
            {RANGE_LABELS[range]}: {formatDateRange(result.data.firstDay, result.data.lastDay)} · updated {formatDateTime(new Date(result.data.lastUpdated))} IST
          </p>
        )}
      </div>

      <div className="mt-4">
        {result.ok ? <HeadlineCards result={result.data} comparison={data.comparison} range={range} /> : <PanelError message={result.error} />}
      </div>

      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <ChartPanel title="Daily visitors" id="daily" result={result} range={range} className="lg:col-span-2" />
        <ChartPanel title="Visitors by hour (IST)" id="hourly" result={result} range={range} className="lg:col-span-2" />
        <ChartPanel title="Devices" id="devices" result={result} range={range} />
        <ChartPanel title="Browsers" id="browsers" result={result} range={range} />
        <ChartPanel title="Traffic sources" id="sources" result={result} range={range} />
        <ListPanel title="Top referrers" id="referrers" result={result} range={range} caption="Referring sites, most visits first (top 10)" />
        <ListPanel title="Top locations" id="locations" result={result} range={range} caption="Places by visits (top 10)" />
        <ListPanel title="Popular pages" id="pages" result={result} range={range} caption="Pages by visits (top 10)" />
        <ListPanel
          title="Repeat visitors"
          id="repeat"
          result={result}
          range={range}
          caption="Visitors with more than one visit, most visits first (up to 50)"
          className="lg:col-span-2"
        />
        <div className="lg:col-span-2">
          <DataQuality summary={data.summary} archive={data.archive} jobs={canRunJobs ? data.jobs : null} range={range} />
        </div>
      </div>

      <p className="mt-6 text-xs text-slate-600">
        <a href="https://db-ip.com" className="font-semibold text-brand-700 underline">IP geolocation by DB-IP</a>, licensed under{" "}
        <a href="https://creativecommons.org/licenses/by/4.0/" className="text-brand-700 underline">CC BY 4.0</a>.
      </p>
    </section>
  );
}
