import { describe, expect, it } from 'vitest';
import { assertPublicHttpUrl, UrlNotAllowedError, type UrlRefusal } from './assertPublicHttpUrl';
import { isPublicAddress } from './isPublicAddress';

async function reasonOf(
  url: string,
  lookup?: (host: string) => Promise<string[]>,
): Promise<UrlRefusal | 'ok'> {
  try {
    await assertPublicHttpUrl(url, { allowPrivate: false, lookup });
    return 'ok';
  } catch (error) {
    if (error instanceof UrlNotAllowedError) return error.reason;
    throw error;
  }
}

describe('isPublicAddress', () => {
  it('refuses loopback, private, link-local and friends', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::a00:1',
      '2002:c0a8:101::1',
      'not-an-ip',
    ])
      expect(isPublicAddress(ip), ip).toBe(false);
  });

  it('accepts public unicast addresses', () => {
    for (const ip of ['8.8.8.8', '172.32.0.1', '93.184.215.14', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPublicAddress(ip), ip).toBe(true);
  });
});

describe('assertPublicHttpUrl', () => {
  it('allows http(s) to public hosts only', async () => {
    expect(await reasonOf('https://8.8.8.8/hook')).toBe('ok');
    expect(await reasonOf('ftp://8.8.8.8/x')).toBe('scheme');
    expect(await reasonOf('javascript:alert(1)')).toBe('scheme');
    expect(await reasonOf('not a url')).toBe('invalid');
    expect(await reasonOf('http://localhost:3000/x')).toBe('private');
    expect(await reasonOf('http://api.localhost/x')).toBe('private');
    expect(await reasonOf('http://127.0.0.1/x')).toBe('private');
    expect(await reasonOf('http://2130706433/x')).toBe('private'); // 127.0.0.1 as one number
    expect(await reasonOf('http://0x7f.1/x')).toBe('private');
    expect(await reasonOf('http://[::1]:8080/x')).toBe('private');
    expect(await reasonOf('http://169.254.169.254/latest/meta-data')).toBe('private');
  });

  it('resolves names: any private answer refuses, no answer refuses', async () => {
    const dns = (map: Record<string, string[]>) => async (host: string) => {
      if (!map[host]) throw Object.assign(new Error('nope'), { code: 'ENOTFOUND' });
      return map[host];
    };
    const lookup = dns({ 'good.test': ['8.8.4.4'], 'sneaky.test': ['8.8.4.4', '10.0.0.7'] });
    expect(await reasonOf('https://good.test/cb', lookup)).toBe('ok');
    expect(await reasonOf('https://sneaky.test/cb', lookup)).toBe('private');
    expect(await reasonOf('https://missing.test/cb', lookup)).toBe('unresolvable');
  });

  it('a resolver that does not answer in time counts as unresolvable', async () => {
    const never = () => new Promise<string[]>(() => {});
    await expect(
      assertPublicHttpUrl('https://slow.test/cb', {
        allowPrivate: false,
        lookup: never,
        lookupTimeoutMs: 20,
      }),
    ).rejects.toMatchObject({ reason: 'unresolvable' });
  });

  it('refuses every internal spelling as written, and blanks around or inside the address', async () => {
    for (const url of [
      'http://0177.0.0.1/',
      'http://[::ffff:169.254.169.254]/',
      'http://127.1/',
      'http://intranet/',
    ])
      expect(await reasonOf(url), url).toBe('private');
    for (const url of [' https://8.8.8.8/x', 'https://8.8.8.8/x ', 'https://8.8.8.8/a\tb'])
      expect(await reasonOf(url), JSON.stringify(url)).toBe('invalid');
  });

  it('names the private answers of a name that resolves inside', async () => {
    const lookup = async () => ['8.8.8.8', '10.0.0.7'];
    await expect(
      assertPublicHttpUrl('https://sneaky.test/', { allowPrivate: false, lookup }),
    ).rejects.toMatchObject({
      reason: 'private',
      addresses: ['10.0.0.7'],
    });
  });

  it('ALLOW_PRIVATE_CALLBACKS lifts the address check, never the scheme check', async () => {
    await expect(assertPublicHttpUrl('http://127.0.0.1:9/x', { allowPrivate: true })).resolves.toBeInstanceOf(
      URL,
    );
    await expect(assertPublicHttpUrl('file:///etc/passwd', { allowPrivate: true })).rejects.toMatchObject({
      reason: 'scheme',
    });
  });
});
