/** Mantine's bar chart with its styles, as one lazily loaded module (see dashboard-chart.tsx). */
import { BarChart } from '@mantine/charts';
// The charts' styles load with the charts, not with every screen.
import '@mantine/charts/styles.css';

export default BarChart;
