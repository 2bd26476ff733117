import type { NotifyCategory } from '../../core/contract/notifications'
import type {
  GroupRobot,
  GroupRobotCategoryRequest,
  RobotTestAnswer,
  SaveGroupRobotRequest,
} from '../../core/contract/robots'
import { http } from '../../core/http/request'

// Silent: the section shows its own loading and error states and each action's refusal beside it;
// a stale session's save opens the re-verification (fresh-session.ts).
const silent = { silent: true }

export const robotsApi = {
  list: () => http.get<GroupRobot[]>('/api/notify/robots', undefined, silent),
  save: (robot: SaveGroupRobotRequest) => http.post<GroupRobot[]>('/api/notify/robots', { ...robot }, silent),
  remove: (category: NotifyCategory) =>
    http.post<GroupRobot[]>(
      '/api/notify/robots/delete',
      { category } satisfies GroupRobotCategoryRequest,
      silent,
    ),
  /** Posts once now; the answer is the robot's own (ok, or its platform's words). */
  test: (category: NotifyCategory) =>
    http.post<RobotTestAnswer>(
      '/api/notify/robots/test',
      { category } satisfies GroupRobotCategoryRequest,
      silent,
    ),
}
