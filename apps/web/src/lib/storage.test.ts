import { describe, expect, it } from 'vitest';
import {
  consumeNotFoundRedirectFlag,
  getLastLogin,
  getToken,
  setNotFoundRedirectFlag,
  startSession,
  storageKeys,
} from './storage';

describe('storage', () => {
  it('keeps the token under "token" and the sign-in time under "lastLogin"', () => {
    startSession('abc', 1_700_000_000_000);

    expect(localStorage.getItem('token')).toBe('abc');
    expect(localStorage.getItem('lastLogin')).toBe('1700000000000');
    expect(getToken()).toBe('abc');
    expect(getLastLogin()).toBe(1_700_000_000_000);
  });

  it('hands out the not-found flag once', () => {
    setNotFoundRedirectFlag();
    expect(localStorage.getItem(storageKeys.notFoundRedirect)).toBe('true');

    expect(consumeNotFoundRedirectFlag()).toBe(true);
    expect(localStorage.getItem(storageKeys.notFoundRedirect)).toBeNull();
    expect(consumeNotFoundRedirectFlag()).toBe(false);
  });

  it('reads an unreadable sign-in time as none', () => {
    localStorage.setItem(storageKeys.lastLogin, 'yesterday');
    expect(getLastLogin()).toBeNull();
  });
});
