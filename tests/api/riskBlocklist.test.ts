import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call, countRows, type Answer, type ErrorData } from './helpers/api';
import { addMember, createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import { blocklistOf } from '../../src/server/risk/blocklistOf';

interface Entry {
  id: string;
  kind: 'user' | 'device' | 'address';
  value: string;
  note: string | null;
  createdBy: { id: string; name: string } | null;
  createdAt: string;
}
interface Added {
  added: Entry[];
  duplicates: string[];
}
interface AuditRow {
  id: string;
  action: string;
  subject: string;
  campaignId: string | null;
  detail: Record<string, unknown>;
  actor: { id: string; name: string } | null;
  createdAt: string;
}
interface Page<T> {
  items: T[];
  total: number;
}

const errorsOf = (answer: Answer) => (answer.body.data as ErrorData).errors ?? [];
const errorOf = (answer: Answer) => (answer.body.data as ErrorData).error;

describe('risk: the project blocklist and the audit trail', () => {
  let t: TestApp;
  let owner: SignedIn;
  let viewer: SignedIn;
  let operatorOfA: SignedIn;
  let A: string;
  let B: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'risk@example.com');
    A = await createProject(t.app, owner, 'Risk A', 'riska');
    B = await createProject(t.app, owner, 'Risk B', 'riskb');
    viewer = await addMember(t.app, owner, 'viewer@example.com', 'viewer', [
      { projectId: A, permission: 'view' },
    ]);
    operatorOfA = await addMember(t.app, owner, 'operator@example.com', 'operator', [
      { projectId: A, permission: 'edit' },
    ]);
  });
  afterAll(async () => t.close());

  const add = (who: SignedIn, projectId: string, body: unknown, lang: 'en' | 'zh-cn' = 'en') =>
    call<Added>(t.app, 'POST', '/api/risk/blocklist', { token: who.token, projectId, body, lang });
  const list = (who: SignedIn, projectId: string, query = '') =>
    call<Page<Entry>>(t.app, 'GET', `/api/risk/blocklist${query}`, { token: who.token, projectId });
  const audit = (who: SignedIn, projectId: string, query = '') =>
    call<Page<AuditRow>>(t.app, 'GET', `/api/risk/audit${query}`, { token: who.token, projectId });
  const remove = (who: SignedIn, projectId: string, id: string) =>
    call<null>(t.app, 'DELETE', `/api/risk/blocklist/${id}`, { token: who.token, projectId });

  it('adds many values at once, normalized, answers duplicates, lists and removes them, each audited', async () => {
    const first = await add(operatorOfA, A, {
      kind: 'address',
      values: ['203.0.113.7/24', '2001:DB8:0:0::/64', '::ffff:198.51.100.4', '203.0.113.0/24'],
      note: 'coupon farm',
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.added.map((e) => e.value)).toEqual([
      '203.0.113.0/24',
      '2001:db8::/64',
      '198.51.100.4',
    ]);
    expect(first.body.data.added[0]).toMatchObject({
      kind: 'address',
      note: 'coupon farm',
      createdBy: { id: operatorOfA.userId, name: 'operator' },
    });
    expect(first.body.data.duplicates).toEqual(['203.0.113.0/24']);

    const again = await add(owner, A, { kind: 'address', values: ['198.51.100.4/32', '198.51.100.5'] });
    expect(again.body.data.added.map((e) => e.value)).toEqual(['198.51.100.5']);
    expect(again.body.data.duplicates).toEqual(['198.51.100.4']);
    const ids = await add(owner, A, { kind: 'user', values: ['  player-7 '] });
    expect(ids.body.data.added.map((e) => [e.kind, e.value, e.note])).toEqual([['user', 'player-7', null]]);
    await add(owner, A, { kind: 'device', values: ['device-7'] });

    const all = await list(owner, A);
    expect(all.body.data.total).toBe(6);
    expect((await list(viewer, A, '?kind=address')).body.data.items.map((e) => e.value).sort()).toEqual([
      '198.51.100.4',
      '198.51.100.5',
      '2001:db8::/64',
      '203.0.113.0/24',
    ]);
    expect((await list(owner, A, '?q=FARM&pageSize=2')).body.data).toMatchObject({ total: 3 });
    expect((await list(owner, A, '?q=7')).body.data.items.map((e) => e.value).sort()).toEqual([
      'device-7',
      'player-7',
    ]);

    // The participant side's matcher sees the change at once on this server.
    const before = await blocklistOf(t.app.ctx.db, A);
    expect(before.blocks({ ip: '203.0.113.200' })?.value).toBe('203.0.113.0/24');
    expect(before.blocks({ userId: 'player-7' })?.kind).toBe('user');
    const subnet = first.body.data.added[0];
    const removed = await remove(operatorOfA, A, subnet.id);
    expect(removed.status).toBe(200);
    expect((await blocklistOf(t.app.ctx.db, A)).blocks({ ip: '203.0.113.200' })).toBeNull();
    expect((await remove(owner, A, subnet.id)).status).toBe(404);
    expect((await list(owner, A)).body.data.total).toBe(5);

    const trail = await audit(viewer, A);
    expect(trail.status).toBe(200);
    expect(trail.body.data.total).toBe(7);
    expect(trail.body.data.items[0]).toMatchObject({
      action: 'block.remove',
      subject: '203.0.113.0/24',
      campaignId: null,
      detail: { entryId: subnet.id, kind: 'address', value: '203.0.113.0/24', note: 'coupon farm' },
      actor: { id: operatorOfA.userId, name: 'operator' },
    });
    expect(trail.body.data.items.slice(1).every((row) => row.action === 'block.add')).toBe(true);
    expect((await audit(owner, A, '?action=block.remove')).body.data.total).toBe(1);
    expect((await audit(owner, A, '?q=203.0.113')).body.data.items.map((row) => row.action)).toEqual([
      'block.remove',
      'block.add',
    ]);
    expect((await audit(owner, B)).body.data.total).toBe(0);
  });

  it('refuses bad values in both languages, each at its line, and adds nothing', async () => {
    const rows = await countRows(t.app);
    const body = {
      kind: 'address',
      values: ['10.0.0.1', '010.0.0.1', 'fe80::1%eth0', '10.0.0.0/33', 'nonsense'],
    };
    const en = await add(owner, A, body, 'en');
    expect(en.status).toBe(400);
    expect(errorOf(en)).toBe('risk.valuesInvalid');
    expect(en.body.msg).toBe('4 value(s) are not valid; nothing was added');
    expect(errorsOf(en)).toEqual([
      {
        path: '/values/1',
        message: 'No leading zeros in an IPv4 part or a prefix (write 10.0.0.1, not 010.0.0.1)',
      },
      {
        path: '/values/2',
        message: 'Remove the zone id (the part from %): it names a network interface of one machine',
      },
      { path: '/values/3', message: 'The prefix after / must be 0 to 32 for IPv4, 0 to 128 for IPv6' },
      {
        path: '/values/4',
        message: 'Not an IP address or CIDR range (e.g. 203.0.113.7, 203.0.113.0/24, 2001:db8::/64)',
      },
    ]);
    const zh = await add(owner, A, body, 'zh-cn');
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toBe('有 4 个值无效，未添加任何条目');
    expect(errorsOf(zh).map((e) => e.message)).toEqual([
      'IPv4 各段和前缀不能有前导零（应写 10.0.0.1，而非 010.0.0.1）',
      '请去掉区域标识（% 及其后部分）：它只指某台机器的网络接口',
      '/ 后的前缀长度须为 0 到 32（IPv4）或 0 到 128（IPv6）',
      '不是有效的 IP 地址或 CIDR 网段（如 203.0.113.7、203.0.113.0/24、2001:db8::/64）',
    ]);

    const ids = await add(owner, A, { kind: 'user', values: ['ok', ' ', 'x'.repeat(129)] }, 'zh-cn');
    expect(ids.status).toBe(400);
    expect(errorsOf(ids)).toEqual([
      { path: '/values/1', message: '此项为必填项' },
      { path: '/values/2', message: '最多 128 个字符' },
    ]);

    // The body's own rules: at least one value, a known kind, a note of one line up to 200 characters.
    for (const [bad, path] of [
      [{ kind: 'user', values: [] }, '/values'],
      [{ kind: 'email', values: ['a@example.com'] }, '/kind'],
      [{ kind: 'user', values: ['a'], note: 'n'.repeat(201) }, '/note'],
      [{ kind: 'user', values: ['a'], note: 'two\nlines' }, '/note'],
    ] as const) {
      const answer = await add(owner, A, bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(
        errorsOf(answer).map((e) => e.path),
        JSON.stringify(bad),
      ).toContain(path);
    }
    expect(await countRows(t.app)).toEqual(rows);
  });

  it('keeps to the project: a member of A gets 403 on B, a viewer reads but cannot edit', async () => {
    const [inB] = (await add(owner, B, { kind: 'device', values: ['b-device'] })).body.data.added;
    const rows = await countRows(t.app);
    for (const answer of [
      await list(operatorOfA, B),
      await audit(operatorOfA, B),
      await add(operatorOfA, B, { kind: 'user', values: ['x'] }),
      await remove(operatorOfA, B, inB.id),
    ]) {
      expect(answer.status).toBe(403);
      expect(errorOf(answer)).toBe('projectForbidden');
    }
    // B's entry through A: not found.
    expect((await remove(owner, A, inB.id)).status).toBe(404);

    expect((await list(viewer, A)).status).toBe(200);
    const [entry] = (await list(owner, A)).body.data.items;
    for (const answer of [
      await add(viewer, A, { kind: 'user', values: ['x'] }),
      await remove(viewer, A, entry.id),
    ]) {
      expect(answer.status).toBe(403);
      expect(errorOf(answer)).toBe('forbidden');
    }
    expect(await countRows(t.app)).toEqual(rows);
  });
});
