// The questions a new survey starts with (doc2 §3 "Survey item"). Copied into the survey row when
// its link is made. Every item type appears in both.
import { SURVEY_ITEM_TYPE as T, type SurveyItem } from '../../../src/core/contract/evaluations'

const item = (partial: Partial<SurveyItem> & Pick<SurveyItem, 'type' | 'title'>): SurveyItem => ({
  explain: '',
  required: false,
  data: [],
  dataValue: '',
  align: 'left',
  ...partial,
})

const SATISFACTION = ['非常满意', '满意', '一般', '不满意']

export const ORDER_SURVEY: SurveyItem[] = [
  item({ type: T.mainTitle, title: '购买体验满意度调查', align: 'center' }),
  item({ type: T.subTitle, title: '感谢您的购买，请花一分钟告诉我们您的感受', align: 'center' }),
  item({ type: T.star, title: '整体评分', required: true, explain: '1 星最低，5 星最高' }),
  item({ type: T.radio, title: '您对购买流程是否满意？', required: true, data: SATISFACTION }),
  item({
    type: T.checkbox,
    title: '您最看重产品的哪些方面？',
    required: true,
    explain: '可多选',
    data: ['价格', '模板设计', '访问速度', '售后服务'],
  }),
  item({ type: T.input, title: '您是从哪里了解到我们的？', required: true }),
  item({ type: T.textarea, title: '其他意见或建议', explain: '选填' }),
]

export const WORK_ORDER_SURVEY: SurveyItem[] = [
  item({ type: T.mainTitle, title: '工单服务评价', align: 'center' }),
  item({ type: T.subTitle, title: '您的评价将帮助我们改进服务', align: 'center' }),
  item({ type: T.star, title: '工程师服务评分', required: true }),
  item({ type: T.radio, title: '问题是否已解决？', required: true, data: ['已解决', '部分解决', '未解决'] }),
  item({
    type: T.checkbox,
    title: '工程师做得好的地方',
    data: ['响应及时', '专业耐心', '沟通清楚', '解决彻底'],
  }),
  item({ type: T.input, title: '一句话评价本次服务', required: true }),
  item({ type: T.textarea, title: '其他意见或建议' }),
]
