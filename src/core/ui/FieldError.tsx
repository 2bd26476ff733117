import { View } from '@tarojs/components'

/** The message under a field; announced to screen readers. */
export function FieldError({ message }: { message?: string | null }) {
  return message ? (
    <View className='field-error' role='alert'>
      {message}
    </View>
  ) : null
}
