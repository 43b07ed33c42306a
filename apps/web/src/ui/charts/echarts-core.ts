import { BarChart, CustomChart, LineChart, RadarChart, ScatterChart } from 'echarts/charts';
import {
  AriaComponent,
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  RadarComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

/**
 * The parts of ECharts the dashboards use, registered once. Loaded on demand by EChart, so that
 * only screens with a chart carry it. SVG renders crisp text and can be read by tests and screen
 * readers (with the aria component's description).
 */
echarts.use([
  BarChart,
  CustomChart,
  LineChart,
  RadarChart,
  ScatterChart,
  AriaComponent,
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  RadarComponent,
  TooltipComponent,
  SVGRenderer,
]);

export { echarts };
