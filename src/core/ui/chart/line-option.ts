// The line chart's echarts option, built from plain data (pure: unit-tested without echarts).

export interface LineSeries {
  name: string
  data: number[]
}

export interface LineChartData {
  categories: string[]
  series: LineSeries[]
}

const COLOURS = ['#4c8bf5', '#f08c00', '#12b886', '#e03131']

/** Category x axis, value y axis, a tooltip on hover and a legend naming each line. */
export function lineChartOption({ categories, series }: LineChartData) {
  return {
    color: COLOURS,
    tooltip: { trigger: 'axis' },
    legend: { data: series.map((s) => s.name), top: 0 },
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'category', boundaryGap: false, data: categories },
    yAxis: { type: 'value', minInterval: 1 },
    series: series.map((s) => ({
      name: s.name,
      type: 'line',
      smooth: true,
      showSymbol: categories.length <= 31,
      // A missing point is a gap, not a zero.
      data: categories.map((_, i) => (Number.isFinite(s.data[i]) ? s.data[i] : null)),
    })),
  }
}
