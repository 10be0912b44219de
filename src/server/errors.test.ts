import { describe, expect, it } from 'vitest';
import zhCN from '../../locales/zh-CN/errors.json';
import enUS from '../../locales/en-US/errors.json';
import { ERRORS, errorMessage } from './errors';

describe('error catalogue', () => {
  it('every error has a message in both languages, and no message lacks an error', () => {
    const keys = Object.keys(ERRORS).sort();
    expect(Object.keys(zhCN).sort()).toEqual(keys);
    expect(Object.keys(enUS).sort()).toEqual(keys);
  });

  it('keeps the SPEC texts', () => {
    expect(errorMessage('invalidCredentials', 'en-US')).toBe('Invalid username or password');
    expect(errorMessage('refreshCredentialsInvalid', 'en-US')).toBe(
      'Username or password is incorrect, please check.',
    );
    expect(errorMessage('unauthorized', 'en-US')).toBe('Login expired, please log in again');
    expect(errorMessage('unauthorized', 'zh-CN')).toBe('登录已过期，请重新登录');
    expect(errorMessage('tokenRefreshForbidden', 'en-US')).toBe(
      "You don't have permission to refresh the token, please contact the project administrator",
    );
    expect(errorMessage('accountLocked', 'en-US', { minutes: 3 })).toContain('3 minute');
  });

  it('uses 400 for a wrong password, 401 only for an expired login', () => {
    expect(ERRORS.invalidCredentials).toBe(400);
    expect(ERRORS.unauthorized).toBe(401);
    expect(ERRORS.accountLocked).toBe(429);
  });
});
