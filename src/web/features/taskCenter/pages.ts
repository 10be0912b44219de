import { page, type PageLoader } from '../../app/pageLoader';

const NAMESPACES = ['taskCenter'];

/** Task center pages by route title key (routeTable.ts). */
export const taskCenterPages: Record<string, PageLoader> = {
  'menu:page.taskCenter': page(
    () => import('./TaskListPage'),
    (m) => m.TaskListPage,
    NAMESPACES,
  ),
  'menu:page.taskCenterConfig': page(
    () => import('./TaskConfigPage'),
    (m) => m.TaskConfigPage,
    NAMESPACES,
  ),
};
