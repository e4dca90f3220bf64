/**
 * The data-quality panel (SPEC §3 Analytics summary): record counts by bot flag, the
 * last 24 hours' visitors, the Identify bots and Correct data buttons with progress and result
 * counts, and the archive (last reset date, archived months). The buttons are plain forms that
 * work without JavaScript; with it, the page posts in the background, polls the job every
 * second while it runs, and reloads its figures when it ends.
 */
import { useEffect, useRef, useState } from "react";
import { useLocation, useRevalidator } from "react-router";
import type { Archive, Panel } from "./load-dashboard.server";
import type { AnalyticsSummary } from "../figures/summary.server";
import type { JobStatus } from "../maintenance/dashboard-jobs.server";
import type { DateRange } from "../figures/ranges";
import { formatDay, formatNumber, formatPercent } from "./format";
import { CsvLink, DataTable, PanelError, Panel as Card } from "./panel";
import type { JobKind } from "../maintenance/job-kinds";
import { messageOf } from "~/lib/errors";
import { buttonClass } from "~/components/button";

const JOB_LABELS: Record<JobKind, string> = { "identify-bots": "Identify bots", "correct-data": "Correct data" };

function JobOutcome({ status }: { status: JobStatus }) {
  switch (status.state) {
    case "idle":
      return null;
    case "running":
      return (
        <div className="mt-2 text-sm" data-testid={`job-${status.kind}-progress`}>
          <progress className="h-2 w-full" max={Math.max(status.total, 1)} value={status.processed} aria-label={`${JOB_LABELS[status.kind]} progress`} />
          <p className="mt-1 text-slate-700" aria-live="polite">
            {formatNumber(status.processed)} of {formatNumber(status.total)} processed
          </p>
        </div>
      );
    case "failed":
      return <PanelError message={status.error} />;
    case "done":
      return (
        <p className="mt-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900" role="status" data-testid={`job-${status.kind}-result`}>
          {status.kind === "identify-bots"
            ? `${formatNumber(status.result.checked)} records checked: ${formatNumber(status.result.botsFound)} bots found, ${formatNumber(status.result.humansConfirmed)} humans confirmed.`
            : `${formatNumber(status.result.checked)} records checked: ${formatNumber(status.result.corrected)} corrected.`}
        </p>
      );
  }
}

/** One maintenance button with its state; polls the job while it runs. */
function JobButton({ kind, initial }: { kind: JobKind; initial: JobStatus }) {
  const [status, setStatus] = useState(initial);
  const [starting, setStarting] = useState(false);
  const location = useLocation();
  const revalidator = useRevalidator();
  const wasRunning = useRef(initial.state === "running");

  useEffect(() => {
    if (status.state !== "running") {
      if (wasRunning.current) revalidator.revalidate();
      wasRunning.current = false;
      return;
    }
    wasRunning.current = true;
    const timer = setInterval(async () => {
      try {
        const response = await fetch("/admin/analytics/jobs", { headers: { accept: "application/json" } });
        if (response.ok) setStatus(((await response.json()) as Record<JobKind, JobStatus>)[kind]);
      } catch {
        // Try again at the next tick.
      }
    }, 1000);
    return () => clearInterval(timer);
    // revalidator changes identity on every render; the effect follows the job state only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status.state, kind]);

  const running = status.state === "running";
  return (
    <div className="min-w-0 flex-1 basis-56">
      <form
        method="post"
        action="/admin/analytics/jobs"
        onSubmit={async (event) => {
          event.preventDefault();
          setStarting(true);
          try {
            const response = await fetch("/admin/analytics/jobs", { method: "POST", body: new URLSearchParams({ intent: kind }) });
            const body = (await response.json()) as { status?: JobStatus; error?: string };
            setStatus(body.status ?? { kind, state: "failed", error: body.error ?? "That request was not understood.", finishedAt: new Date().toISOString() });
          } catch (error) {
            setStatus({ kind, state: "failed", error: messageOf(error), finishedAt: new Date().toISOString() });
          } finally {
            setStarting(false);
          }
        }}
      >
        <input type="hidden" name="intent" value={kind} />
        <input type="hidden" name="back" value={`${location.pathname}${location.search}`} />
        <button
          type="submit"
          disabled={running || starting}
          className={buttonClass({ size: "sm", className: "w-full disabled:cursor-wait" })}
        >
          {JOB_LABELS[kind]}
        </button>
      </form>
      <JobOutcome status={status} />
    </div>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2">
      <dt className="text-xs font-semibold text-slate-600">{label}</dt>
      <dd className="text-lg font-bold tabular-nums text-slate-900" data-testid={testId}>{value}</dd>
    </div>
  );
}

/** `jobs`: the maintenance jobs' states, or null for someone who may not run them (no buttons). */
export function DataQuality({ summary, archive, jobs, range }: { summary: Panel<AnalyticsSummary>; archive: Panel<Archive>; jobs: Record<JobKind, JobStatus> | null; range: DateRange }) {
  return (
    <Card title="Data quality" testId="data-quality">
      {summary.ok ? (
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
          <Stat label="Total records" value={formatNumber(summary.data.totalRecords)} testId="summary-total" />
          <Stat label="Bot records" value={formatNumber(summary.data.botRecords)} testId="summary-bots" />
          <Stat label="Human records" value={formatNumber(summary.data.humanRecords)} testId="summary-humans" />
          <Stat label="Unprocessed records" value={formatNumber(summary.data.unprocessedRecords)} testId="summary-unprocessed" />
          <Stat label="Bot percentage" value={formatPercent(summary.data.botPercentage)} testId="summary-bot-percentage" />
          <div className="col-span-2 rounded-lg bg-slate-50 px-3 py-2 sm:col-span-3 lg:col-span-5">
            <dt className="text-xs font-semibold text-slate-600">Recent visitors (last 24 hours)</dt>
            <dd className="text-sm text-slate-900" data-testid="summary-recent">
              <strong className="text-lg tabular-nums">{formatNumber(summary.data.recentVisitors.total)}</strong> visits:{" "}
              {formatNumber(summary.data.recentVisitors.new)} new, {formatNumber(summary.data.recentVisitors.returning)} returning
            </dd>
          </div>
        </dl>
      ) : (
        <PanelError message={summary.error} />
      )}

      {jobs && (
        <div className="mt-4 flex flex-wrap gap-4">
          <JobButton kind="identify-bots" initial={jobs["identify-bots"]} />
          <JobButton kind="correct-data" initial={jobs["correct-data"]} />
        </div>
      )}

      <div className="mt-6 border-t border-slate-200 pt-4" data-testid="archive">
        <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
          <h4 className="text-sm font-bold text-brand-800">Archive</h4>
          {archive.ok && archive.data.months.length > 0 && <CsvLink table="archive" range={range} />}
        </div>
        {archive.ok ? (
          <>
            <p className="mb-2 text-sm text-slate-700" data-testid="last-archive">
              {archive.data.lastResetDate ? `Last archived on ${formatDay(archive.data.lastResetDate.slice(0, 10))}.` : "Nothing has been archived yet."}
              {" "}Visits from before 1 January are summed by month here each new year.
            </p>
            <DataTable table="archive" source={{ archive: archive.data }} caption="Archived months, newest first" empty="No archived months yet." />
          </>
        ) : (
          <PanelError message={archive.error} />
        )}
      </div>
    </Card>
  );
}
