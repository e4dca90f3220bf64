/**
 * The dashboard's charts (Recharts). This module is loaded lazily in the browser only
 * (chart-card.tsx), so Recharts never reaches the server render or the public pages. Each chart
 * fills the fixed-height box its card reserves, so nothing moves when it arrives.
 */
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import { formatNumber } from "./format";

export type SeriesPoint = { label: string } & Record<string, number | string>;
export type Series = { key: string; name: string; color: string };

export type ChartProps =
  | { kind: "lines"; data: SeriesPoint[]; series: Series[] }
  | { kind: "columns"; data: SeriesPoint[]; series: Series[] }
  | { kind: "bars"; data: SeriesPoint[]; series: Series[] };

const axis = { fontSize: 12, fill: "#334155" };
const numberTick = (value: number) => formatNumber(value);
const tooltipValue = (value: unknown) => (typeof value === "number" ? formatNumber(value) : String(value));
const fill = { width: "100%", height: "100%" };

/**
 * A bar's name on one line, right-aligned against the axis. Recharts' own tick wraps a label at
 * spaces to fit a width it measures itself, and "Search Engines" ran together into the axis.
 */
function CategoryTick({ x, y, payload }: { x?: number | string; y?: number | string; payload?: { value?: unknown } }) {
  return (
    <text x={x} y={y} dx={-4} dy={4} textAnchor="end" fontSize={axis.fontSize} fill={axis.fill}>
      {String(payload?.value ?? "")}
    </text>
  );
}

/** One chart of the kinds the dashboard uses: lines over days, columns over hours, horizontal bars by name. */
export default function Chart(props: ChartProps) {
  const { data, series } = props;
  const legend = series.length > 1 ? <Legend wrapperStyle={{ fontSize: 12 }} /> : null;
  if (props.kind === "lines") {
    return (
      <LineChart accessibilityLayer={false} responsive style={fill} data={data} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
        <CartesianGrid stroke="#e2e8f0" vertical={false} />
        <XAxis dataKey="label" tick={axis} minTickGap={24} />
        <YAxis tick={axis} tickFormatter={numberTick} allowDecimals={false} width={44} />
        <Tooltip formatter={tooltipValue} />
        {legend}
        {series.map((s) => (
          <Line key={s.key} type="monotone" dataKey={s.key} name={s.name} stroke={s.color} strokeWidth={2} dot={false} isAnimationActive={false} />
        ))}
      </LineChart>
    );
  }
  if (props.kind === "columns") {
    return (
      <BarChart accessibilityLayer={false} responsive style={fill} data={data} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
        <CartesianGrid stroke="#e2e8f0" vertical={false} />
        <XAxis dataKey="label" tick={axis} minTickGap={12} />
        <YAxis tick={axis} tickFormatter={numberTick} allowDecimals={false} width={44} />
        <Tooltip formatter={tooltipValue} />
        {legend}
        {series.map((s) => (
          <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.color} isAnimationActive={false} />
        ))}
      </BarChart>
    );
  }
  return (
    <BarChart accessibilityLayer={false} responsive style={fill} data={data} layout="vertical" margin={{ top: 4, right: 16, bottom: 0, left: 4 }}>
      <CartesianGrid stroke="#e2e8f0" horizontal={false} />
      <XAxis type="number" tick={axis} tickFormatter={numberTick} allowDecimals={false} />
      <YAxis type="category" dataKey="label" tick={CategoryTick} width={124} interval={0} />
      <Tooltip formatter={tooltipValue} />
      {series.map((s) => (
        <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.color} isAnimationActive={false} />
      ))}
    </BarChart>
  );
}
