import { Text, View } from '@tarojs/components'
import { RECORD_ROLE, type WorkOrderRecord } from '../../../core/contract/work-orders'
import { maskPhone } from '../../../core/format/mask'
import { formatBeijingTime } from '../../../core/format/time'
import { recordRoleLabel } from '../rules'
import { FileList } from './FileList'
import { RichContent } from './RichContent'

/** The communication record (doc2 §3, §4 roles): who, when, the sanitised content and its files. */
export function RecordList({ records }: { records: WorkOrderRecord[] }) {
  if (!records.length) return <View className='list-status list-status--empty'>暂无沟通记录</View>
  return (
    <View className='wo-records' role='list' aria-label='沟通记录'>
      {records.map((record) => (
        <View key={record.id} role='listitem' className={`wo-record wo-record--role-${record.role}`}>
          <View className='wo-record__head'>
            <Text className='wo-record__who'>
              {record.role === RECORD_ROLE.member && record.userTelPhone
                ? `${recordRoleLabel(record.role)}（${maskPhone(record.userTelPhone)}）`
                : record.title || recordRoleLabel(record.role)}
            </Text>
            <Text className='wo-record__time'>{formatBeijingTime(record.createTime)}</Text>
          </View>
          <RichContent className='wo-record__content' html={record.content} />
          {record.serviceProject?.length ? (
            <View className='wo-record__services'>
              {record.serviceProject
                .filter((item) => item.inputNum > 0)
                .map((item) => (
                  <Text key={item.code} className='wo-record__service'>
                    {item.projectName}
                    {item.isInputBox ? ` ${item.inputNum}${item.unit}` : ''}
                  </Text>
                ))}
            </View>
          ) : null}
          <FileList files={record.acWorkOrderFilePos ?? []} />
        </View>
      ))}
    </View>
  )
}
