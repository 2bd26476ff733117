// The province / city / district tree of GET /api/pc/getTreeAddress (doc2 §7), with the national
// administrative division codes (GB/T 2260) as ids. A few provinces: enough for paper invoices.

import type { Region } from '../../../src/core/contract/invoices'

const area = (id: number, name: string): Region => ({ id, name })

export const ADDRESS_TREE: readonly Region[] = [
  {
    id: 110000,
    name: '北京市',
    children: [
      {
        id: 110100,
        name: '北京市',
        children: [
          area(110101, '东城区'),
          area(110102, '西城区'),
          area(110105, '朝阳区'),
          area(110108, '海淀区'),
        ],
      },
    ],
  },
  {
    id: 310000,
    name: '上海市',
    children: [
      {
        id: 310100,
        name: '上海市',
        children: [area(310101, '黄浦区'), area(310104, '徐汇区'), area(310115, '浦东新区')],
      },
    ],
  },
  {
    id: 330000,
    name: '浙江省',
    children: [
      { id: 330100, name: '杭州市', children: [area(330102, '上城区'), area(330106, '西湖区')] },
      { id: 330200, name: '宁波市', children: [area(330203, '海曙区'), area(330212, '鄞州区')] },
    ],
  },
  {
    id: 350000,
    name: '福建省',
    children: [
      { id: 350100, name: '福州市', children: [area(350102, '鼓楼区'), area(350103, '台江区')] },
      { id: 350200, name: '厦门市', children: [area(350203, '思明区'), area(350206, '湖里区')] },
    ],
  },
  {
    id: 440000,
    name: '广东省',
    children: [
      { id: 440100, name: '广州市', children: [area(440104, '越秀区'), area(440106, '天河区')] },
      { id: 440300, name: '深圳市', children: [area(440304, '福田区'), area(440305, '南山区')] },
    ],
  },
]

/** The regions a province / city / district id triple names, or null when they do not nest. */
export function resolveRegion(provinceId: number, cityId: number, areaId: number) {
  const province = ADDRESS_TREE.find((p) => p.id === provinceId)
  const city = province?.children?.find((c) => c.id === cityId)
  const district = city?.children?.find((a) => a.id === areaId)
  return province && city && district ? { province, city, area: district } : null
}
