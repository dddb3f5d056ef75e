import type {
  ConversationEvent,
  ConversationSearchHit,
  OfficeDecisionStatus,
} from '@leasing/contract';
import { ActionIcon, Anchor, Loader, Tooltip } from '@mantine/core';
import { IconFlag3, IconMessages, IconSearch } from '@tabler/icons-react';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import type { Virtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode, Ref, UIEvent } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { useConversationWindow } from '../api/get-conversations-around';
import { useOlderConversations } from '../api/get-conversations';
import { buildTimeline } from '../utils/build-timeline';
import { CallTranscriptDialog } from './call-transcript-dialog';
import { ConversationSearchBar } from './conversation-search-bar';
import { FormattedEmailDialog } from './formatted-email-dialog';
import { JumpToDate } from './jump-to-date';
import { JumpToLatestButton } from './jump-to-latest-button';
import { NewEventsPill } from './new-events-pill';
import { SearchWordsContext } from './search-highlight';
import { TimelineEvent } from './timeline-event';
import classes from './timeline.module.css';
import type { ScheduledMessageActions } from './scheduled-message-note';

/** A first guess at a row's height; rows are measured once rendered. */
const ESTIMATED_EVENT_HEIGHT = 96;
/** The row above the oldest event: loader, 'load older' link or the beginning marker. */
const START_ROW_HEIGHT = 48;
/** Older events load once the reader is this close to the top. */
const LOAD_OLDER_WITHIN_PX = 800;
/** Within this distance of the bottom the reader counts as at the newest event. */
const SCROLL_END_THRESHOLD = 80;

export type ConversationTimelineProps = {
  leadID: string;
  /** The newest events, newest first, as the lead brings them. */
  recentEvents: ConversationEvent[];
  /** Where the history before `recentEvents` starts; null when there is none. */
  olderCursor: string | null;
  officeDecisionStatus: OfficeDecisionStatus | null;
  /** The lead's email the composer answers, highlighted. */
  selectedReplyId: string | null;
  /** Given when the lead's emails can be answered: a click selects one, or deselects it. */
  onEmailClick?: (event: ConversationEvent) => void;
  /** Given when failed messages may be retried: their 'Retry' calls it. */
  onRetry?: (event: ConversationEvent) => void;
  /** The failed message whose retry is being asked for. */
  retryingId?: string | null;
  /** Given when the lead can be emailed: a failed text's 'Send by email instead' calls it. */
  onSendByEmail?: (event: ConversationEvent) => void;
  /** Given when scheduled messages may be changed from their bubble (keep it memoized). */
  scheduledActions?: ScheduledMessageActions;
  /**
   * The lead is being reloaded after the live connection came back: what it brings is not
   * scrolled to, so the reader keeps their place and is told instead.
   */
  isCatchingUp?: boolean;
  /** Events the reload brought that the reader has not reached yet: the pill's number. */
  newEventCount?: number;
  /** The reader reached the newest event, or asked to. */
  onNewEventsSeen?: () => void;
  /** Counts requests to show the newest events (the composer's 'Review'): each one scrolls there. */
  scrollToEndRequests?: number;
  /** The property's zone, for the days that end on its clock (a payment link's due date). */
  propertyTimeZone?: string;
  /**
   * Given, the tool row ends in an element the caller portals its controls into (the pane's
   * more-menu on a narrow screen, where the panel has no header). A state setter keeps it stable.
   */
  toolsEndRef?: Ref<HTMLDivElement>;
  /** At the start of the tool row: the panel's title, where the panel has no header of its own. */
  toolsStart?: ReactNode;
};

/**
 * The virtualizer's own size observer, plus: a reader at the newest event stays there when the panel
 * changes size (expanding the pane, full screen, a resized window).
 */
function observeRectKeepingEnd(
  isHoldingPlace: () => boolean,
  instance: Virtualizer<HTMLDivElement, Element>,
  onRect: (rect: { width: number; height: number }) => void,
) {
  return observeElementRect(instance, (rect) => {
    const previous = instance.scrollRect;
    // Judged on the size before the change: the element itself already has the new one.
    const wasAtEnd =
      previous !== null &&
      instance.getTotalSize() - previous.height - (instance.scrollOffset ?? 0) <=
        SCROLL_END_THRESHOLD;
    onRect(rect);
    // Not while a reconnect's events are counted (the header's 'Reconnecting…' going away resizes
    // the panel then): a scroll to the end of a short conversation would wait for them to arrive.
    if (wasAtEnd && previous.height !== rect.height && !isHoldingPlace()) instance.scrollToEnd();
  });
}

/**
 * Where the reader asked to go: a day (its start) or a search match (its event). The timeline then
 * shows the events around that moment instead of the newest ones, until 'Jump to latest'.
 */
type JumpTarget = { date: string; eventId: string | null };

type TimelineEndProps = { state: 'loading' | 'error' | 'more'; onLoadNewer: () => void };

/** The row below the newest event of a window that does not reach the newest events yet. */
function TimelineEnd({ state, onLoadNewer }: TimelineEndProps) {
  return (
    <div className={classes.end} style={{ height: START_ROW_HEIGHT }}>
      {state === 'loading' && (
        <>
          <Loader size={14} aria-hidden />
          <span role="status">Loading newer events…</span>
        </>
      )}
      {state === 'error' && (
        <span role="alert">
          Could not load newer events.{' '}
          <Anchor component="button" type="button" size="xs" onClick={onLoadNewer}>
            Try again
          </Anchor>
        </span>
      )}
      {state === 'more' && (
        <Anchor component="button" type="button" size="xs" onClick={onLoadNewer}>
          Load newer events
        </Anchor>
      )}
    </div>
  );
}

type TimelineStartProps = {
  state: 'loading' | 'error' | 'more' | 'beginning';
  onLoadOlder: () => void;
};

function TimelineStart({ state, onLoadOlder }: TimelineStartProps) {
  return (
    <div className={classes.start} style={{ height: START_ROW_HEIGHT }}>
      {state === 'loading' && (
        <>
          <Loader size={14} aria-hidden />
          <span role="status">Loading older events…</span>
        </>
      )}
      {state === 'error' && (
        <span role="alert">
          Could not load older events.{' '}
          <Anchor component="button" type="button" size="xs" onClick={onLoadOlder}>
            Try again
          </Anchor>
        </span>
      )}
      {state === 'more' && (
        <Anchor component="button" type="button" size="xs" onClick={onLoadOlder}>
          Load older events
        </Anchor>
      )}
      {state === 'beginning' && (
        <>
          <IconFlag3 size={14} stroke={1.75} aria-hidden />
          <span>Beginning of the conversation</span>
        </>
      )}
    </div>
  );
}

/**
 * The lead's events in chat order, virtualized: it opens at the newest event, loads older pages as
 * the reader nears the top and keeps the reader's place while they are added above. Memoized: the
 * composer below it re-renders the pane on every keystroke.
 */
export const ConversationTimeline = memo(function ConversationTimeline({
  leadID,
  recentEvents,
  olderCursor,
  officeDecisionStatus,
  selectedReplyId,
  onEmailClick,
  onRetry,
  retryingId = null,
  onSendByEmail,
  scheduledActions,
  isCatchingUp = false,
  newEventCount = 0,
  onNewEventsSeen,
  scrollToEndRequests = 0,
  propertyTimeZone,
  toolsEndRef,
  toolsStart,
}: ConversationTimelineProps) {
  const [isOlderRequested, setIsOlderRequested] = useState(false);
  const older = useOlderConversations({
    leadID,
    startCursor: olderCursor,
    enabled: isOlderRequested,
  });
  const olderPages = older.data?.pages;

  const [jump, setJump] = useState<JumpTarget | null>(null);
  /** A jump whose target has not been scrolled to yet. */
  const pendingJump = useRef<JumpTarget | null>(null);
  const around = useConversationWindow(leadID, jump?.date ?? null);
  const windowPages = around.data?.pages;
  // Until the window has arrived the reader keeps what they see.
  const isWindowShown = jump !== null && windowPages !== undefined;
  const windowReachesNewest = isWindowShown && !around.hasPreviousPage;

  const { rows, latestDecisionRequestId } = useMemo(
    () =>
      isWindowShown
        ? // Once the window reaches the newest events, the live ones join it at the bottom.
          buildTimeline(windowReachesNewest ? recentEvents : [], windowPages ?? [])
        : buildTimeline(recentEvents, olderPages ?? []),
    [isWindowShown, windowReachesNewest, recentEvents, windowPages, olderPages],
  );
  const [isSearchOpen, setIsSearchOpen] = useState(false);
  const [searchWords, setSearchWords] = useState<string | null>(null);
  const [currentMatchId, setCurrentMatchId] = useState<string | null>(null);
  const searchButtonRef = useRef<HTMLButtonElement>(null);
  const [isAwayFromLatest, setIsAwayFromLatest] = useState(false);
  const [latestRequests, setLatestRequests] = useState(0);
  const [openedCall, setOpenedCall] = useState<ConversationEvent | null>(null);
  const [openedEmail, setOpenedEmail] = useState<ConversationEvent | null>(null);

  const scrollRef = useRef<HTMLDivElement>(null);
  const getItemKey = useCallback((index: number) => rows[index]?.key ?? index, [rows]);
  const estimateSize = useCallback(() => ESTIMATED_EVENT_HEIGHT, []);
  // Read by the size observer, which the virtualizer keeps from its first render.
  const isHoldingPlace = useRef(false);
  useLayoutEffect(() => {
    isHoldingPlace.current = isCatchingUp || newEventCount > 0;
  }, [isCatchingUp, newEventCount]);
  const observeRect = useCallback(
    (
      instance: Virtualizer<HTMLDivElement, Element>,
      onRect: (rect: { width: number; height: number }) => void,
    ) => observeRectKeepingEnd(() => isHoldingPlace.current, instance, onRect),
    [],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render on purpose; rows below are memoized instead.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    observeElementRect: observeRect,
    overscan: 8,
    paddingStart: START_ROW_HEIGHT,
    paddingEnd: isWindowShown && !windowReachesNewest ? START_ROW_HEIGHT : 12,
    // Chat: older pages are prepended with the visible event held in place, and a new event
    // scrolls into view only when the reader is already at the newest one, and is not catching up.
    anchorTo: 'end',
    // A window's newer pages are read into, not followed to their end.
    followOnAppend: !isCatchingUp && newEventCount === 0 && (!isWindowShown || windowReachesNewest),
    // At the end, a row that grows as it is measured keeps the end in view (a reply being laid
    // out). Not while a reconnect's events are counted: they are laid out below the reader's place.
    scrollEndThreshold: isCatchingUp || newEventCount > 0 ? -1 : SCROLL_END_THRESHOLD,
  });

  // Open at the newest event; layout effect, so the first paint is already at the bottom.
  useLayoutEffect(() => {
    virtualizer.scrollToEnd();
  }, [virtualizer]);

  // A reconnect's reload is coming: the reader stays where they are. A scroll still under way is
  // dropped with its target (opening a short conversation at its end waits for it to grow).
  useLayoutEffect(() => {
    if (isCatchingUp) virtualizer.scrollToOffset(virtualizer.scrollOffset ?? 0);
  }, [isCatchingUp, virtualizer]);

  useLayoutEffect(() => {
    if (scrollToEndRequests > 0) virtualizer.scrollToEnd();
  }, [scrollToEndRequests, virtualizer]);

  // 'Jump to latest': the live rows are back; their end is the newest event.
  useLayoutEffect(() => {
    if (latestRequests > 0) virtualizer.scrollToEnd();
  }, [latestRequests, virtualizer]);

  // A jump lands once its window is shown: on the match's event, or on the day's first event
  // (the newest one before it when nothing follows).
  useLayoutEffect(() => {
    const target = pendingJump.current;
    if (!target || !isWindowShown || around.isPlaceholderData || jump !== target) return;
    pendingJump.current = null;
    const at = target.eventId
      ? rows.findIndex((row) => row.key === target.eventId)
      : rows.findIndex((row) => Date.parse(row.event.date) >= Date.parse(target.date));
    virtualizer.scrollToIndex(at === -1 ? rows.length - 1 : at, {
      align: target.eventId ? 'center' : 'start',
    });
  }, [jump, rows, isWindowShown, around.isPlaceholderData, virtualizer]);

  // New events that all fit on screen are already seen: no pill for them. Judged once the new
  // rows have been measured (a frame after they are drawn): before that their sizes are estimates,
  // and three long texts estimated short would all seem to fit.
  useEffect(() => {
    if (newEventCount === 0) return;
    const frame = requestAnimationFrame(() => {
      const viewportHeight = virtualizer.scrollRect?.height ?? 0;
      const hidden = virtualizer.getTotalSize() - viewportHeight - (virtualizer.scrollOffset ?? 0);
      if (hidden <= SCROLL_END_THRESHOLD) onNewEventsSeen?.();
    });
    return () => cancelAnimationFrame(frame);
  }, [newEventCount, virtualizer, onNewEventsSeen]);

  const hasOlder = olderCursor !== null && (!isOlderRequested || older.hasNextPage);
  const startState: TimelineStartProps['state'] = isWindowShown
    ? around.isFetchingNextPage
      ? 'loading'
      : around.isFetchNextPageError
        ? 'error'
        : around.hasNextPage
          ? 'more'
          : 'beginning'
    : older.isFetching
      ? 'loading'
      : older.isError
        ? 'error'
        : hasOlder
          ? 'more'
          : 'beginning';
  const endState: TimelineEndProps['state'] | null =
    !isWindowShown || windowReachesNewest
      ? null
      : around.isFetchingPreviousPage
        ? 'loading'
        : around.isFetchPreviousPageError
          ? 'error'
          : 'more';

  function loadNewer() {
    if (around.hasPreviousPage && !around.isFetching) void around.fetchPreviousPage();
  }

  function loadOlder() {
    if (isWindowShown) {
      if (around.hasNextPage && !around.isFetching) void around.fetchNextPage();
      return;
    }
    if (olderCursor === null) return;
    if (!isOlderRequested) {
      setIsOlderRequested(true);
      return;
    }
    if (older.isFetching) return;
    if (older.data === undefined) void older.refetch();
    else if (older.hasNextPage) void older.fetchNextPage();
  }

  function handleScroll(event: UIEvent<HTMLDivElement>) {
    const { scrollTop, scrollHeight, clientHeight } = event.currentTarget;
    const fromEnd = scrollHeight - clientHeight - scrollTop;
    if (newEventCount > 0 && fromEnd <= SCROLL_END_THRESHOLD) {
      onNewEventsSeen?.();
    }
    // More than a screen above the newest event: 'Jump to latest' is offered.
    setIsAwayFromLatest(fromEnd > clientHeight);
    if (isWindowShown) {
      // After a failure the reader retries on purpose; scrolling must not hammer the server.
      if (around.isError) return;
      if (scrollTop < LOAD_OLDER_WITHIN_PX) loadOlder();
      else if (fromEnd < LOAD_OLDER_WITHIN_PX) loadNewer();
      return;
    }
    if (older.isError) return;
    if (scrollTop < LOAD_OLDER_WITHIN_PX) loadOlder();
  }

  function handleShowNewEvents() {
    virtualizer.scrollToEnd();
    onNewEventsSeen?.();
  }

  function jumpTo(target: JumpTarget) {
    pendingJump.current = target;
    setJump(target);
  }

  function handleJumpToDate(moment: string) {
    setCurrentMatchId(null);
    jumpTo({ date: moment, eventId: null });
  }

  function handleGoToMatch(hit: ConversationSearchHit) {
    setCurrentMatchId(hit.eventId);
    const index = rows.findIndex((row) => row.key === hit.eventId);
    if (index !== -1) {
      virtualizer.scrollToIndex(index, { align: 'center' });
      return;
    }
    jumpTo({ date: hit.date, eventId: hit.eventId });
  }

  function handleRetryJump() {
    void around.refetch();
  }

  function handleJumpToLatest() {
    pendingJump.current = null;
    setJump(null);
    setIsAwayFromLatest(false);
    setLatestRequests((count) => count + 1);
    // The button goes away under the reader's focus: the timeline takes it.
    scrollRef.current?.focus({ preventScroll: true });
  }

  function handleOpenSearch() {
    setIsSearchOpen(true);
  }

  function handleCloseSearch() {
    setIsSearchOpen(false);
    setSearchWords(null);
    setCurrentMatchId(null);
    requestAnimationFrame(() => searchButtonRef.current?.focus());
  }

  /** Ctrl/Cmd+F inside the timeline searches the conversation; elsewhere the browser finds. */
  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'f') {
      event.preventDefault();
      if (isSearchOpen) {
        event.currentTarget.querySelector<HTMLInputElement>('[role="search"] input')?.focus();
      } else {
        setIsSearchOpen(true);
      }
    }
  }

  function handleCloseTranscript() {
    setOpenedCall(null);
  }

  function handleCloseEmail() {
    setOpenedEmail(null);
  }

  const toolsEnd = toolsEndRef && <div ref={toolsEndRef} className={classes.toolsEnd} />;

  // Nothing to search or jump through yet; the caller's controls keep their place.
  if (rows.length === 0 && olderCursor === null) {
    return (
      <div className={classes.viewport}>
        {(toolsStart || toolsEnd) && (
          <div className={classes.tools}>
            {toolsStart && <div className={classes.toolsStart}>{toolsStart}</div>}
            {toolsEnd}
          </div>
        )}
        <div className={classes.frame}>
          <div className={classes.scroller}>
            <EmptyState
              icon={<IconMessages size={22} stroke={1.5} />}
              title="No conversation yet"
              description="Messages, calls and updates with this lead will appear here."
            />
          </div>
        </div>
      </div>
    );
  }

  const isJumpToLatestShown = newEventCount === 0 && (jump !== null || isAwayFromLatest);

  return (
    <SearchWordsContext value={searchWords}>
      <div className={classes.viewport} onKeyDown={handleKeyDown}>
        <div className={classes.tools}>
          {toolsStart && !isSearchOpen && <div className={classes.toolsStart}>{toolsStart}</div>}
          {isSearchOpen ? (
            <ConversationSearchBar
              leadID={leadID}
              onWordsChange={setSearchWords}
              onGoToMatch={handleGoToMatch}
              onClose={handleCloseSearch}
            />
          ) : (
            <>
              <Tooltip label="Search (Ctrl+F)" withArrow>
                <ActionIcon
                  ref={searchButtonRef}
                  size="md"
                  variant="subtle"
                  color="gray"
                  aria-label="Search this conversation"
                  onClick={handleOpenSearch}
                >
                  <IconSearch size={16} stroke={1.75} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <JumpToDate onJump={handleJumpToDate} />
            </>
          )}
          {jump !== null && around.isError && !isWindowShown && (
            <span role="alert" className={classes.searchCount}>
              Could not open that part of the conversation.{' '}
              <Anchor component="button" type="button" size="xs" onClick={handleRetryJump}>
                Try again
              </Anchor>
            </span>
          )}
          {toolsEnd}
        </div>
        <div className={classes.frame}>
          <div
            ref={scrollRef}
            className={classes.scroller}
            tabIndex={0}
            role="region"
            aria-label="Conversation timeline"
            onScroll={handleScroll}
          >
            <div className={classes.sizer} style={{ height: virtualizer.getTotalSize() }}>
              <TimelineStart state={startState} onLoadOlder={loadOlder} />
              {endState && <TimelineEnd state={endState} onLoadNewer={loadNewer} />}
              {virtualizer.getVirtualItems().map((item) => {
                const row = rows[item.index];
                if (!row) return null;
                const { event } = row;
                return (
                  <div
                    key={item.key}
                    ref={virtualizer.measureElement}
                    data-index={item.index}
                    data-event-type={event.eventType}
                    data-event-id={event._id}
                    data-current-match={event._id === currentMatchId || undefined}
                    className={classes.row}
                    style={{ transform: `translateY(${item.start}px)` }}
                  >
                    <TimelineEvent
                      event={event}
                      dayLabel={row.dayLabel}
                      decisionStatus={
                        event._id === latestDecisionRequestId ? officeDecisionStatus : null
                      }
                      onOpenTranscript={setOpenedCall}
                      onViewFormattedEmail={setOpenedEmail}
                      isReplySelected={event._id === selectedReplyId}
                      onEmailClick={onEmailClick}
                      onRetry={onRetry}
                      isRetrying={retryingId === event._id}
                      onSendByEmail={onSendByEmail}
                      scheduledActions={scheduledActions}
                      propertyTimeZone={propertyTimeZone}
                    />
                  </div>
                );
              })}
            </div>
          </div>
          {newEventCount > 0 && (
            <NewEventsPill count={newEventCount} onClick={handleShowNewEvents} />
          )}
          {isJumpToLatestShown && <JumpToLatestButton onClick={handleJumpToLatest} />}
        </div>
        <CallTranscriptDialog call={openedCall} onClose={handleCloseTranscript} />
        <FormattedEmailDialog email={openedEmail} onClose={handleCloseEmail} />
      </div>
    </SearchWordsContext>
  );
});
