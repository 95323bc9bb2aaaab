/**
 * The dashboard's bar charts, loaded after the dashboard's figures: recharts with d3 is about
 * 115 KiB gzip, more than half of what the dashboard loads, and none of it is needed to show the
 * totals, the running timers and the feed (docs/benchmarks.md).
 */
import type { BarChartProps } from '@mantine/charts';
import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';

const LazyBarChart = lazy(() => import('./bar-chart'));

/** A Mantine `BarChart`; a placeholder of its height until the chart library is there. */
export function DashboardBarChart(props: BarChartProps & { h: number }) {
  return (
    <Suspense fallback={<Skeleton h={props.h} />}>
      <LazyBarChart {...props} />
    </Suspense>
  );
}
