import type { Notification as AppNotification } from '@leasing/contract';
import { storageKeys } from '../../../lib/storage';

export type DesktopPermission = 'unsupported' | NotificationPermission;

/** What the browser allows now; 'unsupported' where it has no Notification API (or no window). */
export function getDesktopPermission(): DesktopPermission {
  if (typeof window === 'undefined' || !('Notification' in window)) return 'unsupported';
  return window.Notification.permission;
}

export function isDesktopRefusalRemembered(): boolean {
  return localStorage.getItem(storageKeys.desktopNotificationsRefused) === 'true';
}

/** 'Not now', or a refusal in the browser's prompt: the bell does not ask again. */
export function rememberDesktopRefusal(): void {
  localStorage.setItem(storageKeys.desktopNotificationsRefused, 'true');
}

/** The bell offers desktop notifications only while the browser would still ask, and nobody said no. */
export function shouldOfferDesktopNotifications(): boolean {
  return getDesktopPermission() === 'default' && !isDesktopRefusalRemembered();
}

/** Asks the browser once; anything but a yes is remembered as a no. */
export async function requestDesktopPermission(): Promise<DesktopPermission> {
  if (getDesktopPermission() === 'unsupported') return 'unsupported';
  const answer = await window.Notification.requestPermission();
  if (answer !== 'granted') rememberDesktopRefusal();
  return answer;
}

/**
 * Shows a notification on the desktop while this console's tab is open but not looked at (a
 * visible tab has the bell). The tag is the notification's id: several hidden console tabs show it
 * once. Clicking it brings the tab forward and runs `onOpen`.
 */
export function showDesktopNotification(notification: AppNotification, onOpen: () => void): void {
  if (getDesktopPermission() !== 'granted' || document.visibilityState !== 'hidden') return;
  const shown = new window.Notification(notification.title, {
    body: notification.body ?? notification.lead.name,
    tag: notification._id,
  });
  shown.onclick = () => {
    window.focus();
    onOpen();
    shown.close();
  };
}
