/**
 * What each dashboard chart draws and what a screen reader hears instead (every chart
 * has an accessible alternative). Pure functions over the Analytics result (SPEC §3).
 */
import { dateBadge } from "~/lib/dates";
import type { AnalyticsResult } from "../figures/analytics-result.server";
import type { ChartProps, Series } from "./charts";
import { deviceName } from "./tables";
import { formatDay, formatHour, formatNumber, formatPercent } from "./format";

export type ChartId = "daily" | "hourly" | "devices" | "browsers" | "sources";
export type ChartModel = { chart: ChartProps; /** One or two sentences for a screen reader. */ summary: string; empty: boolean };

const COLORS = { visits: "#173f75", unique: "#0e9f6e", new: "#d97706", apply: "#be123c" };
const VISITS: Series = { key: "visits", name: "Visits", color: COLORS.visits };
const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

function ranked(items: { label: string; count: number }[], what: string): ChartModel {
  const total = items.reduce((sum, i) => sum + i.count, 0);
  const summary =
    total === 0
      ? "No visits in this period."
      : `${what} by visits: ` +
        items.map((i) => `${i.label} ${plural(i.count, "visit", "visits")} (${formatPercent(Math.round((i.count / total) * 1000) / 10)})`).join(", ") +
        ".";
  return { chart: { kind: "bars", data: items.map((i) => ({ label: i.label, visits: i.count })), series: [VISITS] }, summary, empty: total === 0 };
}

/** The model of one chart of `result`. */
export function chartModel(id: ChartId, result: AnalyticsResult): ChartModel {
  switch (id) {
    case "daily": {
      const days = result.dailyVisitors;
      const data = days.map((d) => {
        const badge = dateBadge(d.visit_date);
        return { label: `${badge.day} ${badge.month}`, visits: d.visitor_count, unique: d.unique_visitors, new: d.new_visitors, apply: d.apply_page_visits };
      });
      const busiest = days.reduce<(typeof days)[number] | null>((best, d) => (d.visitor_count > (best?.visitor_count ?? 0) ? d : best), null);
      const total = days.reduce((sum, d) => sum + d.visitor_count, 0);
      const summary = busiest
        ? `${plural(total, "visit", "visits")} over ${plural(days.length, "day", "days")}; the busiest day was ${formatDay(busiest.visit_date)} with ${plural(busiest.visitor_count, "visit", "visits")}.`
        : "No visits in this period.";
      const series: Series[] = [
        VISITS,
        { key: "unique", name: "Unique visitors", color: COLORS.unique },
        { key: "new", name: "New visitors", color: COLORS.new },
        { key: "apply", name: "Apply-page visits", color: COLORS.apply },
      ];
      return { chart: { kind: "lines", data, series }, summary, empty: total === 0 };
    }
    case "hourly": {
      const hours = result.hourlyVisitors;
      const busiest = hours.reduce<(typeof hours)[number] | null>((best, h) => (h.visitor_count > (best?.visitor_count ?? 0) ? h : best), null);
      const summary = busiest
        ? `The busiest hour (IST) was ${formatHour(busiest.hour)} with ${plural(busiest.visitor_count, "visit", "visits")}.`
        : "No visits in this period.";
      return {
        chart: { kind: "columns", data: hours.map((h) => ({ label: formatHour(h.hour), visits: h.visitor_count })), series: [VISITS] },
        summary,
        empty: !busiest,
      };
    }
    case "devices":
      return ranked(result.deviceBreakdown.map((d) => ({ label: deviceName(d.name), count: d.count })), "Devices");
    case "browsers":
      return ranked(result.browserData.map((b) => ({ label: b.name, count: b.count })), "Browsers");
    case "sources":
      return ranked(result.referrerData.categories.map((c) => ({ label: c.category, count: c.visit_count })), "Traffic sources");
  }
}
