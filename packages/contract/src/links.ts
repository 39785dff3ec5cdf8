/** Where `eventhub/index.html?event=&action=&entity=&redirect=` leads (product.md section 2). */
const ACTION_PATHS: Record<string, (entity: string) => string> = {
  event: () => '',
  meeting: (id) => `/meetings/list/${id}`,
  meetings: () => '/meetings/list',
  calendar: (id) => `/calendar/${id}`,
  chat: (id) => `/chats/${id}`,
  chats: () => '/chats',
  lecture: (id) => `/lectures/${id}`,
  member: (id) => `/members/${id}`,
  members: () => '/members',
  company: (id) => `/companies/${id}`,
  news: (id) => `/news/${id}`,
  lesson: (id) => `/academy/lesson/${id}`,
  program: () => '/program',
  notifications: () => '/notifications',
};

const SAFE_PATH = /^\/(?!\/)[^\s\\]*$/;
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const ENTITY = /^[A-Za-z0-9_-]{1,64}$/;

export function eventHubTarget(params: { event?: string | null; action?: string | null; entity?: string | null; redirect?: string | null }): string {
  if (params.redirect && SAFE_PATH.test(params.redirect)) return params.redirect;
  if (!params.event || !SLUG.test(params.event)) return '/';
  const base = `/events/${params.event}`;
  const action = params.action ? ACTION_PATHS[params.action] : undefined;
  if (!action) return base;
  const entity = params.entity && ENTITY.test(params.entity) ? encodeURIComponent(params.entity) : '';
  const needsEntity = action('x').endsWith('/x');
  if (needsEntity && !entity) return base;
  return `${base}${action(entity)}`;
}
