import { View } from '@tarojs/components'
import { TextField } from '../../../core/ui/TextField'
import { mailboxSuggestions } from '../rules'

interface MailboxFieldProps {
  value: string
  onChange(value: string): void
}

/** 邮箱 with the §5 domain suggestions offered once an @ is typed; choosing one fills it in. */
export function MailboxField({ value, onChange }: MailboxFieldProps) {
  const suggestions = mailboxSuggestions(value)
  return (
    <View className='mailbox-field'>
      <TextField
        name='sub-admin-mailbox'
        title='邮箱'
        placeholder='请输入邮箱'
        maxLength={128}
        value={value}
        onChange={onChange}
      />
      {suggestions.length > 0 && (
        <View className='mailbox-field__suggestions' role='listbox' aria-label='邮箱建议'>
          {suggestions.map((address) => (
            <View
              key={address}
              className='mailbox-field__suggestion'
              role='option'
              aria-selected={false}
              onClick={() => onChange(address)}
            >
              {address}
            </View>
          ))}
        </View>
      )}
    </View>
  )
}
