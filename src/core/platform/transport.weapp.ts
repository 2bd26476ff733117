import Taro from '@tarojs/taro'
import type { TransportRequest } from './transport'

export async function send({ url, method, data, headers, timeoutMs }: TransportRequest): Promise<unknown> {
  const response = await Taro.request({ url, method, data, header: headers, timeout: timeoutMs })
  return response.data
}
