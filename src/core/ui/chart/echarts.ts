// echarts trimmed to what our charts use (stack-notes "Charts and QR"): the core, line series, grid,
// tooltip, legend and the canvas renderer. Only the chart modules import this.
import { LineChart } from 'echarts/charts'
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'
import * as echarts from 'echarts/core'
import { CanvasRenderer } from 'echarts/renderers'

echarts.use([LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer])

export { echarts }
