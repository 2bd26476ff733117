import { View } from '@tarojs/components'
import type { ProblemTemplate } from '../../../core/contract/work-orders'
import { ChoiceGroup } from '../../../core/ui/ChoiceGroup'
import { LabelledField } from '../../../core/ui/LabelledField'

interface TemplateChoiceProps {
  templates: ProblemTemplate[]
  value: number | null
  error?: string | null
  onChange(templateId: number): void
}

/** 问题细类: the category's problem templates, one to choose (its fields follow). */
export function TemplateChoice({ templates, value, error, onChange }: TemplateChoiceProps) {
  return (
    <LabelledField label='问题细类' required error={error}>
      {templates.length ? (
        <ChoiceGroup
          label='问题细类'
          variant='plain'
          column
          options={templates.map((t) => ({ value: t.id, label: t.taskName }))}
          value={value}
          onChange={onChange}
        />
      ) : (
        <View className='list-status list-status--empty'>暂无数据</View>
      )}
    </LabelledField>
  )
}
