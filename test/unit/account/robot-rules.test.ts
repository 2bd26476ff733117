// 群机器人 rows and dialog checks in 消息接收管理.
import { ROBOT_MESSAGES, type GroupRobot } from '../../../src/core/contract/robots'
import {
  deleteRobotQuestion,
  robotFormErrors,
  robotRows,
  robotSummary,
  robotUrlHint,
  ROBOT_NONE,
  takesSecret,
} from '../../../src/features/account/robot-rules'

const robot = (patch: Partial<GroupRobot> = {}): GroupRobot => ({
  category: 'billing',
  platform: 'feishu',
  maskedUrl: 'https://open.feishu.cn/open-apis/bot/v2/hook/****86fd',
  signed: false,
  updatedAt: '2026-12-06T08:00:00.000Z',
  ...patch,
})

describe('robot rows', () => {
  it('lists every category in the settings’ order, each with its robot or none', () => {
    const rows = robotRows([robot()])
    expect(rows.map((row) => row.category)).toEqual([
      'security',
      'renewal',
      'workOrder',
      'siteAlert',
      'billing',
      'service',
      'marketing',
    ])
    expect(rows.find((row) => row.category === 'billing')!.robot).toEqual(robot())
    expect(rows.filter((row) => row.robot === null)).toHaveLength(6)
  })

  it.each([
    [null, ROBOT_NONE],
    [robot(), '飞书 https://open.feishu.cn/open-apis/bot/v2/hook/****86fd'],
    [robot({ platform: 'dingtalk', signed: true, maskedUrl: 'x' }), '钉钉（已加签） x'],
  ])('%j reads %s', (saved, text) => {
    expect(robotSummary(saved)).toBe(text)
  })
})

describe('the dialog', () => {
  it.each([
    ['https://oapi.dingtalk.com/robot/send?access_token=8f3ad2c1b7', '已识别：钉钉机器人'],
    ['https://open.larksuite.com/open-apis/bot/v2/hook/abcdefgh', '已识别：飞书机器人'],
    ['https://example.com', '支持企业微信、钉钉、飞书的群机器人'],
    ['', '支持企业微信、钉钉、飞书的群机器人'],
  ])('hints %s as %s', (url, hint) => {
    expect(robotUrlHint(url)).toBe(hint)
  })

  it('asks for a secret for DingTalk and Feishu, not WeCom', () => {
    expect([takesSecret('wecom'), takesSecret('dingtalk'), takesSecret('feishu')]).toEqual([
      false,
      true,
      true,
    ])
  })

  it.each([
    [
      { url: 'http://oapi.dingtalk.com/robot/send?access_token=8f3ad2c1b7', secret: '' },
      { url: ROBOT_MESSAGES.badUrl, secret: '' },
    ],
    [
      { url: 'https://oapi.dingtalk.com/robot/send?access_token=8f3ad2c1b7', secret: 'x' },
      { url: '', secret: ROBOT_MESSAGES.badDingtalkSecret },
    ],
    [
      { url: 'https://oapi.dingtalk.com/robot/send?access_token=8f3ad2c1b7', secret: '' },
      { url: '', secret: '' },
    ],
  ])('%j → %j', (form, errors) => {
    expect(robotFormErrors(form)).toEqual(errors)
  })

  it('names the category in the delete question', () => {
    expect(deleteRobotQuestion('workOrder')).toContain('「工单进展」')
  })
})
