/**
 * @module The hot-keyword chart of the search stats dialog: Chart.js, pie or bar, 500 px high (docs/product.md "Search
 * stats", "Sizes and paging").
 */
import { useEffect, useRef } from "react";
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  PieController,
  Tooltip,
} from "chart.js";
import type { HotKeyword } from "../../api/search";

/** Height of the search stats chart in px (docs/product.md "Sizes and paging"). */
const STATS_CHART_HEIGHT_PX = 500;
/** Slice colours of the search stats chart: mid-tone hues readable on the light and the dark theme. */
const STATS_CHART_COLORS = [
  "#4d8dff",
  "#f2555a",
  "#f0b44c",
  "#34c38f",
  "#a78bfa",
  "#f472b6",
  "#22b8cf",
  "#fb923c",
  "#94a3b8",
  "#84cc16",
] as const;

// Only the pieces the two chart kinds use.
Chart.register(ArcElement, BarController, BarElement, CategoryScale, LinearScale, PieController, Legend, Tooltip);

/** The chart kinds offered. */
export type StatsChartKind = "pie" | "bar";

/** Draws the keywords' hits; redrawn when the data, the kind or the label change. Text takes the page's colour. */
export function StatsChart({
  keywords,
  kind,
  label,
}: {
  keywords: readonly HotKeyword[];
  kind: StatsChartKind;
  label: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const color = getComputedStyle(el).color;
    const colors = keywords.map((_, i) => STATS_CHART_COLORS[i % STATS_CHART_COLORS.length]);
    const grid = { color: "rgba(128, 128, 128, 0.25)" };
    const chart = new Chart(el, {
      type: kind,
      data: {
        labels: keywords.map((k) => k.keyword),
        datasets: [
          {
            label,
            data: keywords.map((k) => k.hits),
            backgroundColor: colors,
            borderColor: kind === "pie" ? "transparent" : colors,
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        color,
        plugins: { legend: { display: kind === "pie", position: "bottom", labels: { color } } },
        scales:
          kind === "bar"
            ? { x: { ticks: { color }, grid }, y: { beginAtZero: true, ticks: { color, precision: 0 }, grid } }
            : {},
      },
    });
    return () => chart.destroy();
  }, [keywords, kind, label]);
  return (
    <div className="stats-chart" style={{ height: STATS_CHART_HEIGHT_PX }}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
