import '@mantine/charts/styles.css';
import { funnelStepLabels, funnelSteps } from '@leasing/contract';
import type { FunnelCounts } from '@leasing/contract';
import { BarChart } from '@mantine/charts';
import classes from './reports.module.css';

export type FunnelChartProps = { counts: FunnelCounts };

/**
 * The funnel's steps as horizontal bars. A picture of the table beside it, which is what keyboards
 * and screen readers get: the chart is hidden from them and takes no focus.
 */
export function FunnelChart({ counts }: FunnelChartProps) {
  const data = funnelSteps.map((step) => ({ step: funnelStepLabels[step], count: counts[step] }));
  return (
    <div className={classes.chart} aria-hidden>
      <BarChart
        h={260}
        data={data}
        dataKey="step"
        orientation="vertical"
        series={[{ name: 'count', label: 'Leads', color: 'indigo.6' }]}
        yAxisProps={{ width: 110 }}
        withTooltip={false}
        withBarValueLabel
        accessibilityLayer={false}
        gridAxis="none"
      />
    </div>
  );
}
