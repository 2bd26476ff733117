import { lineChartOption } from '../../../src/core/ui/chart/line-option'

describe('line chart option', () => {
  it('plots each series over the categories, with a legend naming them', () => {
    const option = lineChartOption({
      categories: ['11-20', '11-21', '11-22'],
      series: [
        { name: '浏览量(PV)', data: [120, 98, 130] },
        { name: '访客IP(UV)', data: [30, 21] },
      ],
    })
    expect(option.xAxis).toMatchObject({ type: 'category', data: ['11-20', '11-21', '11-22'] })
    expect(option.legend.data).toEqual(['浏览量(PV)', '访客IP(UV)'])
    expect(option.series.map((s) => [s.name, s.type, s.data])).toEqual([
      ['浏览量(PV)', 'line', [120, 98, 130]],
      // A missing point is a gap, not a zero.
      ['访客IP(UV)', 'line', [30, 21, null]],
    ])
  })
})
