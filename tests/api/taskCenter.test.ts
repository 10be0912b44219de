import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call, countRows, paths, type Answer, type ErrorData } from './helpers/api';
import { addMember, createProject, signUpOwner, type SignedIn } from './helpers/accounts';

type Config = Record<string, unknown>;

interface TaskRow {
  id: string;
  key: string;
  title: string;
  event: string;
  status: 'online' | 'offline';
  limits: { daily: number; weekly: number; weeklyRefreshDay: number | null; total: number };
  period: { mode: 'permanent' | 'custom'; startTime: string | null; endTime: string | null };
  config: Config;
  createdAt: string;
  updatedAt: string;
}
interface Page {
  items: TaskRow[];
  total: number;
}

/** A task config: permanent, online, one a day, with the given key and title. */
function task(id: string, title: string, extra: Config = {}): Config {
  return {
    id,
    title: { 'zh-CN': title, 'en-US': `${title}-en` },
    event: `${id}_done`,
    limits: { daily: 1, weekly: 0, total: 0 },
    goButton: { text: { 'zh-CN': '去完成', 'en-US': 'Go' }, url: 'https://example.com/app' },
    status: 'online',
    period: { mode: 'permanent' },
    ...extra,
  };
}

const errorsOf = (answer: Answer) => (answer.body.data as ErrorData).errors ?? [];
const errorOf = (answer: Answer) => (answer.body.data as ErrorData).error;

describe('task center: project tasks', () => {
  let t: TestApp;
  let owner: SignedIn;
  let viewer: SignedIn;
  let memberOfA: SignedIn;
  let A: string;
  let B: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'tasks@example.com');
    A = await createProject(t.app, owner, 'Tasks A', 'tasksa');
    B = await createProject(t.app, owner, 'Tasks B', 'tasksb');
    viewer = await addMember(t.app, owner, 'viewer@example.com', 'viewer', [
      { projectId: A, permission: 'view' },
    ]);
    memberOfA = await addMember(t.app, owner, 'operator@example.com', 'operator', [
      { projectId: A, permission: 'edit' },
    ]);
    for (const [projectId, identifier] of [
      [A, 'vip'],
      [B, 'bvip'],
    ])
      expect(
        (
          await call(t.app, 'POST', '/api/user-types', {
            token: owner.token,
            projectId,
            body: { name: identifier, identifier },
          })
        ).status,
      ).toBe(200);
  });
  afterAll(async () => t.close());

  const as = (by: SignedIn, projectId = A, lang: 'en' | 'zh-cn' = 'en') => ({
    token: by.token,
    projectId,
    lang,
  });
  const create = (body: Config, projectId = A, lang: 'en' | 'zh-cn' = 'en') =>
    call<TaskRow>(t.app, 'POST', '/api/tasks', { ...as(owner, projectId, lang), body });
  const list = async (query = '', by = owner, projectId = A) =>
    (await call<Page>(t.app, 'GET', `/api/tasks${query}`, as(by, projectId))).body.data;

  it('creates from the schema sample, lists, filters, edits, goes online and offline, deletes', async () => {
    const schema = await call<{ templates: { config: Config }[] }>(t.app, 'GET', '/api/schemas/entity/task');
    const sample: Config = { ...structuredClone(schema.body.data.templates[0].config), status: 'offline' };
    const daily = await create(sample);
    expect(daily.status, JSON.stringify(daily.body)).toBe(200);
    expect(daily.body.data).toMatchObject({
      key: 'daily-login',
      title: '每日登录',
      event: 'login',
      status: 'offline',
      limits: { daily: 1, weekly: 5, weeklyRefreshDay: 1, total: 0 },
      period: { mode: 'custom' },
      config: sample,
    });
    expect(daily.body.data.period.startTime).toBe((sample.period as Config).startTime);

    t.clock.advance(60_000);
    const share = await create(
      task('share', '分享', {
        languages: ['en-US'],
        limits: { daily: 3, weekly: 10, weeklyRefreshDay: 7 },
        exclusiveWith: ['daily-login'],
        userTypes: ['vip'],
      }),
    );
    expect(share.status, JSON.stringify(share.body)).toBe(200);
    // The title in the task's first language; an unset limit is unlimited (0).
    expect(share.body.data).toMatchObject({
      key: 'share',
      title: '分享-en',
      status: 'online',
      limits: { daily: 3, weekly: 10, weeklyRefreshDay: 7, total: 0 },
      period: { mode: 'permanent', startTime: null, endTime: null },
    });

    // Newest first; search by title; filter by status; a viewer reads.
    expect((await list('', viewer)).items.map((row) => row.key)).toEqual(['share', 'daily-login']);
    expect((await list(`?q=${encodeURIComponent('每日')}`)).items.map((row) => row.key)).toEqual([
      'daily-login',
    ]);
    expect((await list('?status=online')).items.map((row) => row.key)).toEqual(['share']);
    expect((await list('?status=offline&q=share')).total).toBe(0);
    const badFilter = await call(t.app, 'GET', '/api/tasks?status=paused', as(owner));
    expect([badFilter.status, paths(badFilter)]).toEqual([400, ['/querystring/status']]);

    // Edit: a new title and a later update time.
    t.clock.advance(60_000);
    const edited = await call<TaskRow>(t.app, 'PUT', `/api/tasks/${daily.body.data.id}`, {
      ...as(owner),
      body: { ...sample, title: { 'zh-CN': '每日签到', 'en-US': 'Daily check' } },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.title).toBe('每日签到');
    expect(edited.body.data.updatedAt > daily.body.data.updatedAt).toBe(true);
    expect(
      (await call<TaskRow>(t.app, 'GET', `/api/tasks/${daily.body.data.id}`, as(viewer))).body.data.title,
    ).toBe('每日签到');

    // Online and offline at once; the config follows; the same status again changes nothing.
    const status = (id: string, value: string, by = owner) =>
      call<TaskRow>(t.app, 'POST', `/api/tasks/${id}/status`, { ...as(by), body: { status: value } });
    t.clock.advance(60_000);
    const online = await status(daily.body.data.id, 'online');
    expect(online.status).toBe(200);
    expect(online.body.data).toMatchObject({ status: 'online', config: { status: 'online' } });
    expect((await list('?status=online')).total).toBe(2);
    t.clock.advance(60_000);
    const again = await status(daily.body.data.id, 'online');
    expect(again.body.data.updatedAt).toBe(online.body.data.updatedAt);
    const offline = await status(share.body.data.id, 'offline');
    expect(offline.body.data).toMatchObject({ status: 'offline', config: { status: 'offline' } });
    expect((await list('?status=offline')).items.map((row) => row.key)).toEqual(['share']);
    const badStatus = await status(share.body.data.id, 'paused');
    expect([badStatus.status, paths(badStatus)]).toEqual([400, ['/status']]);
    expect((await status('nosuchtask', 'online')).status).toBe(404);

    // A renamed key is followed by the tasks exclusive with it; a deleted one leaves them.
    const renamed = await call<TaskRow>(t.app, 'PUT', `/api/tasks/${daily.body.data.id}`, {
      ...as(owner),
      body: { ...online.body.data.config, id: 'daily-check' },
    });
    expect(renamed.body.data.key).toBe('daily-check');
    const follower = async () =>
      (await call<TaskRow>(t.app, 'GET', `/api/tasks/${share.body.data.id}`, as(owner))).body.data.config;
    expect((await follower()).exclusiveWith).toEqual(['daily-check']);
    const removed = await call(t.app, 'DELETE', `/api/tasks/${daily.body.data.id}`, as(owner));
    expect(removed.status).toBe(200);
    expect((await call(t.app, 'GET', `/api/tasks/${daily.body.data.id}`, as(owner))).status).toBe(404);
    expect((await follower()).exclusiveWith).toBeUndefined();
    // The follower still saves as it is.
    const resaved = await call(t.app, 'PUT', `/api/tasks/${share.body.data.id}`, {
      ...as(owner),
      body: await follower(),
    });
    expect(resaved.status, JSON.stringify(resaved.body)).toBe(200);
    expect((await list()).items.map((row) => row.key)).toEqual(['share']);
  });

  it('refuses a bad config with field errors in zh-CN and en-US, and stores nothing', async () => {
    const before = await countRows(t.app);
    const bad = task('bad', '坏任务', {
      event: 'has space',
      limits: { daily: -1, weeklyRefreshDay: 8 },
      period: { mode: 'custom' },
    });
    delete bad.goButton;
    const en = await create(bad, A, 'en');
    const zh = await create(bad, A, 'zh-cn');
    for (const answer of [en, zh]) {
      expect(answer.status).toBe(400);
      expect(errorOf(answer)).toBe('validation');
      expect(paths(answer)).toEqual(
        expect.arrayContaining(['/event', '/limits/daily', '/limits/weeklyRefreshDay', '/goButton']),
      );
    }
    const message = (answer: Answer, path: string) => errorsOf(answer).find((e) => e.path === path)?.message;
    expect(message(en, '/limits/daily')).toMatch(/at least 0/i);
    expect(message(zh, '/limits/daily')).toMatch(/0/);
    expect(message(zh, '/limits/daily')).not.toBe(message(en, '/limits/daily'));
    expect(en.body.msg).not.toBe(zh.body.msg);
    // A custom period needs its times.
    expect(paths(en).some((path) => path.startsWith('/period'))).toBe(true);
    expect(await countRows(t.app)).toEqual(before);
  });

  it('refuses a task key taken in the project (409 at /id), in both languages', async () => {
    const first = await create(task('invite', '邀请'));
    expect(first.status).toBe(200);
    const before = await countRows(t.app);
    const en = await create(task('invite', '另一个'), A, 'en');
    expect(en.body).toMatchObject({
      code: 409,
      msg: 'This task id is already in use',
      data: {
        error: 'task.keyTaken',
        errors: [{ path: '/id', message: 'This task id is already in use' }],
      },
    });
    const zh = await create(task('invite', '另一个'), A, 'zh-cn');
    expect(zh.body).toMatchObject({
      code: 409,
      msg: '该任务标识已存在',
      data: { errors: [{ path: '/id', message: '该任务标识已存在' }] },
    });
    const second = await create(task('register', '注册'));
    const before2 = await countRows(t.app);
    expect(before2.project_tasks).toBe(before.project_tasks + 1);
    const clash = await call(t.app, 'PUT', `/api/tasks/${second.body.data.id}`, {
      ...as(owner),
      body: task('invite', '注册'),
    });
    expect([clash.status, paths(clash)]).toEqual([409, ['/id']]);
    // Keeping its own key is fine; another project may use the same key.
    const same = await call(t.app, 'PUT', `/api/tasks/${second.body.data.id}`, {
      ...as(owner),
      body: task('register', '注册二'),
    });
    expect(same.status).toBe(200);
    expect((await create(task('invite', '邀请'), B)).status).toBe(200);
    expect(await countRows(t.app)).toEqual({ ...before2, project_tasks: before2.project_tasks + 1 });
  });

  it('refuses exclusiveWith naming no other task of the project, or the task itself', async () => {
    await create(task('watch', '观看'), B);
    const before = await countRows(t.app);
    const en = await create(task('read', '阅读', { exclusiveWith: ['invite', 'nosuch', 'read', 'watch'] }));
    expect(en.status).toBe(400);
    expect(errorOf(en)).toBe('task.exclusiveUnknown');
    expect(en.body.msg).toBe('No task of this project has the id "nosuch"');
    // 'invite' is a task of A; 'watch' is B's only.
    expect(errorsOf(en)).toEqual([
      { path: '/exclusiveWith/1', message: 'No task of this project has the id "nosuch"' },
      { path: '/exclusiveWith/2', message: 'A task cannot be exclusive with itself' },
      { path: '/exclusiveWith/3', message: 'No task of this project has the id "watch"' },
    ]);
    const zh = await create(task('read', '阅读', { exclusiveWith: ['read'] }), A, 'zh-cn');
    expect(zh.body).toMatchObject({
      code: 400,
      msg: '任务不能与自身互斥',
      data: {
        error: 'task.exclusiveSelf',
        errors: [{ path: '/exclusiveWith/0', message: '任务不能与自身互斥' }],
      },
    });
    const zhUnknown = await create(task('read', '阅读', { exclusiveWith: ['nosuch'] }), A, 'zh-cn');
    expect(errorsOf(zhUnknown)).toEqual([
      { path: '/exclusiveWith/0', message: '本项目没有标识为“nosuch”的任务' },
    ]);
    expect(await countRows(t.app)).toEqual(before);
    // Naming another task of the project is fine.
    expect((await create(task('read', '阅读', { exclusiveWith: ['invite'] }))).status).toBe(200);
  });

  it("refuses userTypes that are not the project's user types", async () => {
    const before = await countRows(t.app);
    const en = await create(task('buy', '购买', { userTypes: ['vip', 'bvip', 'ghost'] }));
    expect(en.body).toMatchObject({
      code: 400,
      msg: 'No user type of this project has the identifier "bvip"',
      data: {
        error: 'task.userTypeUnknown',
        errors: [
          { path: '/userTypes/1', message: 'No user type of this project has the identifier "bvip"' },
          { path: '/userTypes/2', message: 'No user type of this project has the identifier "ghost"' },
        ],
      },
    });
    const zh = await create(task('buy', '购买', { userTypes: ['ghost'] }), A, 'zh-cn');
    expect(errorsOf(zh)).toEqual([{ path: '/userTypes/0', message: '本项目没有标识为“ghost”的用户类型' }]);
    expect(await countRows(t.app)).toEqual(before);
    expect((await create(task('buy', '购买', { userTypes: ['vip'] }))).status).toBe(200);
  });

  it("a member of project A gets 403 on project B's tasks; a viewer cannot write", async () => {
    const ofB = (await list('', owner, B)).items[0];
    expect(ofB).toBeDefined();
    const ofA = (await list()).items[0];
    const before = await countRows(t.app);
    const onB = [
      ['GET', '/api/tasks'],
      ['GET', `/api/tasks/${ofB.id}`],
      ['POST', '/api/tasks'],
      ['PUT', `/api/tasks/${ofB.id}`],
      ['POST', `/api/tasks/${ofB.id}/status`],
      ['DELETE', `/api/tasks/${ofB.id}`],
    ] as const;
    for (const [method, url] of onB) {
      const answer = await call(t.app, method, url, {
        ...as(memberOfA, B),
        ...(method === 'POST' || method === 'PUT' ? { body: task('x', 'x') } : {}),
      });
      expect(answer.status, `${method} ${url}`).toBe(403);
      expect(errorOf(answer)).toBe('projectForbidden');
    }
    // B's task id inside project A is not found.
    expect((await call(t.app, 'GET', `/api/tasks/${ofB.id}`, as(memberOfA))).status).toBe(404);

    expect((await call(t.app, 'GET', `/api/tasks/${ofA.id}`, as(viewer))).status).toBe(200);
    for (const [method, url, body] of [
      ['POST', '/api/tasks', task('viewer', 'viewer')],
      ['PUT', `/api/tasks/${ofA.id}`, ofA.config],
      ['POST', `/api/tasks/${ofA.id}/status`, { status: 'offline' }],
      ['DELETE', `/api/tasks/${ofA.id}`, undefined],
    ] as const) {
      const answer = await call(t.app, method, url, { ...as(viewer), body });
      expect(answer.status, `${method} ${url}`).toBe(403);
      expect(errorOf(answer)).toBe('forbidden');
    }
    expect(await countRows(t.app)).toEqual(before);
  });
});
