import { describe, expect, it, onTestFinished } from 'vitest';
import {
  clearStorage,
  consumeNotFoundRedirectFlag,
  getLastLogin,
  getToken,
  onTokenChange,
  setNotFoundRedirectFlag,
  setToken,
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

  it('tells listeners when the token changes, here or in another tab', () => {
    const seen: (string | null)[] = [];
    const off = onTokenChange((token) => seen.push(token));
    onTestFinished(off);

    startSession('first');
    setToken('first'); // the same token again is no change
    setToken('second');
    localStorage.setItem('token', 'from-another-tab');
    window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'lastLogin' }));
    clearStorage();
    clearStorage();

    expect(seen).toEqual(['first', 'second', 'from-another-tab', null]);
    off();
    setToken('unheard');
    expect(seen).toHaveLength(4);
  });
});
