import { describe, expect, it } from 'vitest';
import { checkWithKeywords } from './checkWithKeywords';
import { createEngineAjv } from '../createEngineAjv';

const callback = { type: 'string', pattern: '^https?://\\S+$', urlRule: 'http' };
const image = { type: 'string', pattern: '^(https?://\\S+|/uploads/\\S+)$', urlRule: 'image' };
const scheme = { type: 'string', urlRule: 'appScheme' };

describe('urlRule', () => {
  it('passes public addresses, uploads and app schemes', () => {
    expect(checkWithKeywords(callback, 'https://hooks.example.com/prize')).toEqual([]);
    expect(checkWithKeywords(image, '/uploads/p/a.png')).toEqual([]);
    expect(checkWithKeywords(scheme, 'myapp://open')).toEqual([]);
  });

  it('refuses an internal host, in both languages', () => {
    expect(checkWithKeywords(callback, 'http://0x7f.1/cb', 'en-US')).toEqual([
      {
        path: '',
        keyword: 'urlRule',
        message:
          'Must be a public address: localhost, loopback, private, link-local and other internal addresses are not allowed',
      },
    ]);
    expect(checkWithKeywords(callback, 'http://[::ffff:127.0.0.1]/', 'zh-CN')[0].message).toBe(
      '必须是公网地址，不能是 localhost、本机、内网、链路本地等内部地址',
    );
  });

  it('refuses script schemes, in both languages', () => {
    expect(checkWithKeywords(scheme, 'javascript://alert(1)', 'en-US')[0].message).toBe(
      'The javascript:// scheme is not allowed here',
    );
    expect(checkWithKeywords(scheme, 'javascript://alert(1)', 'zh-CN')[0].message).toBe(
      '此处不允许使用 javascript:// 协议',
    );
  });

  it("leaves the wrong shape to the field's pattern: one mistake, one message", () => {
    expect(checkWithKeywords(image, '//other.host/a.png', 'en-US')).toEqual([
      { path: '', keyword: 'pattern', message: expect.any(String) as string },
    ]);
  });

  it('callback: the internal-host message says how a test server allows one, and its risk', () => {
    const schema = { type: 'string', urlRule: 'callback' };
    expect(checkWithKeywords(schema, 'http://127.0.0.1:8080/hook', 'en-US')[0].message).toBe(
      'Must be a public address: localhost, loopback, private, link-local and other internal addresses are not allowed. To test callbacks on your own machine, start the server with ALLOW_PRIVATE_CALLBACKS=1: the server then calls addresses inside your network, so never set it on a server others can reach.',
    );
    expect(checkWithKeywords(schema, 'http://localhost/hook', 'zh-CN')[0].message).toContain(
      'ALLOW_PRIVATE_CALLBACKS=1 启动服务端：此时服务端会请求你内网中的地址，切勿在他人可访问的服务器上开启',
    );
    // Addresses visitors are sent to have no such setting: their message names none.
    expect(checkWithKeywords(callback, 'http://127.0.0.1:8080/hook', 'en-US')[0].message).not.toContain(
      'ALLOW_PRIVATE_CALLBACKS',
    );
  });

  it('callback: internal hosts pass only when the ajv option allows private callbacks', () => {
    const schema = { type: 'string', urlRule: 'callback' };
    expect(checkWithKeywords(schema, 'http://10.0.0.5/prize')).toHaveLength(1);
    let allowed = true;
    const validate = createEngineAjv({ ajv: { privateCallbacks: () => allowed } as object }).compile(schema);
    expect(validate('http://10.0.0.5/prize')).toBe(true);
    allowed = false;
    expect(validate('http://10.0.0.5/prize')).toBe(false);
    expect(validate('javascript://x')).toBe(true); // the shape is the pattern's to refuse
  });
});
