import type { Lead, User } from '@leasing/contract';
import { liveSequenceSchema, socketEvents } from '@leasing/contract';
import { notifyManager, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getUserQueryOptions, useUser } from '../features/auth/api/get-user';
import { INBOX_QUERY_KEY_ROOT } from '../features/inbox/api/get-inbox';
import { TODAY_QUERY_KEY } from '../features/inbox/api/get-today';
import { mergeDeliveryIntoInbox } from '../features/inbox/api/live-updates';
import { LEADS_QUERY_KEY_ROOT } from '../features/leads/api/get-leads';
import { mergeDeliveryIntoLeadList } from '../features/leads/api/live-updates';
import { subscribeToLiveEvents } from '../features/live/api/subscribe-live-events';
import { NOTIFICATIONS_QUERY_KEY } from '../features/notifications/api/get-notifications';
import {
  addLiveNotification,
  subscribeToNotifications,
} from '../features/notifications/api/live-updates';
import { showDesktopNotification } from '../features/notifications/utils/desktop-notifications';
import { paths } from '../config/paths';
import { navigateTo } from '../lib/auth-events';
import type { LiveSubscriber } from '../features/live/api/subscribe-live-events';
import { clearCatchUps, finishCatchUp, startCatchUp } from '../features/live/hooks/use-new-events';
import { catchUpBase, countNewEvents } from '../features/live/utils/count-new-events';
import { TOURS_QUERY_KEY_ROOT } from '../features/tours/api/get-tours';
import { refreshPaymentLinksOnDelivery } from '../features/payment-links/api/live-updates';
import { refreshToursOnDelivery } from '../features/tours/api/live-updates';
import {
  LEAD_QUERY_KEY_ROOT,
  mergeLiveDelivery,
  mergeLiveTranslation,
} from '../lib/conversation-cache/conversation-cache';
import { onNextFetchSettled } from '../lib/query-cache-updates';
import { readsAreCurrent } from '../lib/live-sequence';
import { closeSocket, connectSocket, type LiveSocket } from '../lib/socket';
import { connectPresence } from '../features/presence/api/presence-channel';

/**
 * After a reconnect, each lead on screen is reloaded and what the reload brings is counted for its
 * 'N new events' pill (its timeline holds the reader's place meanwhile).
 */
function countWhatReloadsBring(queryClient: QueryClient) {
  const openLeads = queryClient
    .getQueryCache()
    .findAll({ queryKey: [LEAD_QUERY_KEY_ROOT], type: 'active' });
  for (const query of openLeads) {
    const lead = query.state.data as Lead | undefined;
    if (!lead) continue;
    const base = catchUpBase(lead.conversations);
    startCatchUp(lead._id);
    onNextFetchSettled(queryClient, query.queryKey, (succeeded) => {
      const reloaded = queryClient.getQueryData<Lead>(query.queryKey);
      const count = succeeded && reloaded ? countNewEvents(base, reloaded.conversations) : 0;
      // Told with the reload's answer, which components hear on the query's schedule: the
      // timeline gets the new events and their count in one render.
      notifyManager.schedule(() => finishCatchUp(lead._id, count));
    });
  }
}

/**
 * Whatever happened while no socket listened is loaded again: leads and lead lists on screen now,
 * the others when next shown. The session's first connection does it too, silently, unless the
 * live sequence shows that what the page loaded before it misses nothing (firstConnectionIsCurrent).
 */
function catchUp(queryClient: QueryClient, isReconnect: boolean) {
  if (isReconnect) countWhatReloadsBring(queryClient);
  void queryClient.invalidateQueries({ queryKey: [LEAD_QUERY_KEY_ROOT] });
  void queryClient.invalidateQueries({ queryKey: [LEADS_QUERY_KEY_ROOT] });
  void queryClient.invalidateQueries({ queryKey: [INBOX_QUERY_KEY_ROOT] });
  void queryClient.invalidateQueries({ queryKey: [TOURS_QUERY_KEY_ROOT] });
  void queryClient.invalidateQueries({ queryKey: TODAY_QUERY_KEY });
  void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
}

/** How long the first connection waits for the server's live sequence before loading again anyway. */
const SEQUENCE_WAIT_MS = 5_000;

/**
 * The live sequence the server sends each connection once its socket has joined its rooms: the
 * number the connection's broadcasts start after (null when the server did not say).
 */
function listenForSequence(socket: LiveSocket) {
  let heard: number | null | undefined;
  let waiting: ((sequence: number | null) => void) | null = null;
  socket.on(socketEvents.liveSequence, (message: unknown) => {
    const sequence = liveSequenceSchema.safeParse(message).data?.sequence ?? null;
    if (waiting) waiting(sequence);
    else heard = sequence;
  });
  return {
    afterConnect: () =>
      new Promise<number | null>((resolve) => {
        if (heard !== undefined) return resolve(heard);
        const timer = setTimeout(() => finish(null), SEQUENCE_WAIT_MS);
        const finish = (sequence: number | null) => {
          clearTimeout(timer);
          waiting = null;
          resolve(sequence);
        };
        waiting = finish;
      }),
  };
}

/**
 * Live updates for the signed-in session (spec §4, §7): events and translations from the socket are
 * merged into the cached leads, lists and history pages, and a reconnect loads what was missed.
 * Returns the function that ends them (and closes the socket).
 */
export function connectLiveUpdates(queryClient: QueryClient, subscriber: LiveSubscriber) {
  const { socket, onConnect } = connectSocket();
  const unsubscribe = subscribeToLiveEvents(socket, subscriber, {
    onDelivery: (delivery) => {
      mergeLiveDelivery(queryClient, delivery);
      mergeDeliveryIntoLeadList(queryClient, delivery);
      const me = queryClient.getQueryData<User>(getUserQueryOptions().queryKey);
      mergeDeliveryIntoInbox(queryClient, delivery, me?._id ?? null);
      // Whether the lead now needs its owner is the server's to say.
      void queryClient.invalidateQueries({ queryKey: TODAY_QUERY_KEY });
      refreshToursOnDelivery(queryClient, delivery);
      refreshPaymentLinksOnDelivery(queryClient, delivery);
    },
    onTranslation: (translation) => {
      mergeLiveTranslation(queryClient, translation);
    },
  });
  // A new notification joins the bell; while the tab is hidden, the desktop shows it too.
  const offNotifications = subscribeToNotifications(socket, subscriber.userID, (notification) => {
    if (!addLiveNotification(queryClient, notification)) return;
    showDesktopNotification(notification, () =>
      navigateTo(
        paths.leadEscalation.getHref(notification.lead.propertyID, notification.lead.pmsLeadId),
      ),
    );
  });
  // A follow-up set, cleared or come due, or a source set elsewhere: reload the lead and the lists.
  socket.on(socketEvents.leadChanged(subscriber.companyID), () => {
    void queryClient.invalidateQueries({ queryKey: [LEAD_QUERY_KEY_ROOT] });
    void queryClient.invalidateQueries({ queryKey: [INBOX_QUERY_KEY_ROOT] });
  });
  const sequences = listenForSequence(socket);
  const offConnect = onConnect((isReconnect) => {
    if (isReconnect) {
      catchUp(queryClient, true);
      return;
    }
    void sequences
      .afterConnect()
      .then((sequence) => readsAreCurrent(sequence))
      .then((current) => {
        if (!current) catchUp(queryClient, false);
      });
  });
  const stopPresence = connectPresence(socket, onConnect, subscriber);
  return () => {
    stopPresence();
    unsubscribe();
    offNotifications();
    offConnect();
    closeSocket();
    clearCatchUps();
  };
}

/** Mounted once by the signed-in layout; the socket opens once the user (whose ids name the events) is known. */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  const user = useUser().data;
  const userID = user?._id;
  const companyID = user?.companyID;

  useEffect(() => {
    if (!userID || !companyID) return;
    return connectLiveUpdates(queryClient, { userID, companyID });
  }, [queryClient, userID, companyID]);
}
