import type { InboxItem } from '@leasing/contract';
import { Button, Checkbox, Loader } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { INBOX_ROW_HEIGHT, INBOX_ROW_HEIGHT_STACKED, InboxRow } from './inbox-row';
import { readInboxScroll, writeInboxScroll } from '../utils/inbox-scroll-memory';
import classes from './inbox-list.module.css';

/** The next page loads while this many rows are still below the last one on screen. */
const LOAD_MORE_WITHIN_ROWS = 15;
const OVERSCAN_ROWS = 8;
/** `.viewport`'s height in inbox-list.module.css, before the list is measured. */
const dashboardListHeight = () =>
  typeof window === 'undefined' ? 0 : Math.max(360, window.innerHeight - 300);
/** Page Up / Page Down move the selection this many rows. */
const PAGE_ROWS = 8;

export type InboxListProps = {
  items: InboxItem[];
  /** A control shown on each row beside its link (e.g. 'Follow up'), composed by the app. */
  renderRowAction?: (item: InboxItem) => ReactNode;
  showProperty: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** Loading the next page failed: say so, and let the user ask again. */
  isFetchNextPageError: boolean;
  onLoadMore: () => void;
  /** Selecting rows (to assign them at once): which are chosen, and how one is toggled. */
  selection?: { ids: ReadonlySet<string>; onToggle: (id: string) => void };
  /** What a row shows of who else has its lead open. */
  renderPresence?: (leadID: string) => ReactNode;
  /** The inbox's query, carried by each row's link to its lead. */
  linkSearch?: string;
  /** The lead open beside the list: marked, and kept in view. */
  currentLeadId?: string | null;
  /** 'stacked': three lines a row whatever the screen (a narrow column beside a lead). */
  layout?: 'auto' | 'stacked';
  /** Names the list for remembering its scroll position across pages of this session. */
  scrollKey?: string;
  /** Fill the parent's height (a flex column) instead of the window's. */
  fill?: boolean;
};

/**
 * The inbox rows, virtualized: only the rows on screen are in the page, so ten thousand leads
 * scroll as smoothly as ten. Rows are links; ↑/↓ (and Home/End, Page Up/Down) move between them,
 * Enter opens one. The next page loads before the reader reaches the end.
 */
export function InboxList({
  items,
  showProperty,
  hasNextPage,
  isFetchingNextPage,
  isFetchNextPageError,
  onLoadMore,
  selection,
  renderPresence,
  renderRowAction,
  linkSearch,
  currentLeadId = null,
  layout = 'auto',
  scrollKey,
  fill = false,
}: InboxListProps) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const [activeId, setActiveId] = useState<string | null>(currentLeadId);
  // Read once: where this list was left, to open there.
  const [initialOffset] = useState(() => (scrollKey ? readInboxScroll(scrollKey) : null));
  /** A row the keyboard moved to, to focus as soon as it is rendered. */
  const focusPendingId = useRef<string | null>(null);
  const footerCount = hasNextPage || isFetchNextPageError ? 1 : 0;
  // A phone's rows stack their lines (Mantine's `xs` breakpoint, 36em).
  // Read on the first render (not in an effect): the rows are laid out once, at their height.
  const isNarrow =
    useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false }) ?? false;
  const isStacked = layout === 'stacked' || isNarrow;
  const rowHeight = isStacked ? INBOX_ROW_HEIGHT_STACKED : INBOX_ROW_HEIGHT;

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render on purpose: it is what says which rows to draw.
  const virtualizer = useVirtualizer({
    count: items.length + footerCount,
    getScrollElement: () => viewportRef.current,
    estimateSize: () => rowHeight,
    getItemKey: (index) => items[index]?._id ?? 'footer',
    overscan: OVERSCAN_ROWS,
    initialOffset: initialOffset ?? 0,
    // The dashboard's list is as tall as its stylesheet says (`.viewport`): its first render
    // already holds the rows on screen, so measuring it does not render them all again at once.
    initialRect: fill ? undefined : { width: 0, height: dashboardListHeight() },
  });
  // Rows already placed take the new height when the screen crosses the breakpoint.
  const placedRowHeight = useRef(rowHeight);
  useEffect(() => {
    if (placedRowHeight.current === rowHeight) return;
    placedRowHeight.current = rowHeight;
    virtualizer.measure();
  });
  const virtualRows = virtualizer.getVirtualItems();
  const lastRenderedIndex = virtualRows.at(-1)?.index ?? -1;

  // Scrolling near the end is what asks for more; the reader never has to.
  useEffect(() => {
    const isNearEnd = lastRenderedIndex >= items.length - LOAD_MORE_WITHIN_ROWS;
    if (isNearEnd && hasNextPage && !isFetchingNextPage && !isFetchNextPageError) onLoadMore();
  }, [
    lastRenderedIndex,
    items.length,
    hasNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
    onLoadMore,
  ]);

  // Where the list was left is applied again once its rows are there: a list that mounts before
  // its rows (a slow refetch) has its first offset clamped to the top. Until then, no scroll is
  // remembered, so that clamp does not erase the place.
  const restored = useRef(initialOffset === null);
  useEffect(() => {
    if (restored.current || items.length === 0 || initialOffset === null) return;
    restored.current = true;
    const viewport = viewportRef.current;
    if (viewport && viewport.scrollTop !== initialOffset) virtualizer.scrollToOffset(initialOffset);
    // Once, when the first rows arrive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items.length]);

  // The scroll position is remembered as the agent scrolls (a lead opened from here, then Back).
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport || !scrollKey) return;
    let frame = 0;
    let unsaved: number | null = null;
    const save = () => {
      frame = 0;
      if (unsaved !== null) writeInboxScroll(scrollKey, unsaved);
      unsaved = null;
    };
    const remember = () => {
      if (!restored.current) return;
      unsaved = viewport.scrollTop;
      if (frame === 0) frame = requestAnimationFrame(save);
    };
    viewport.addEventListener('scroll', remember, { passive: true });
    return () => {
      viewport.removeEventListener('scroll', remember);
      cancelAnimationFrame(frame);
      // A lead opened before the next frame: the place is stored now, not lost with the frame.
      save();
    };
  }, [scrollKey]);

  // The open lead stays in view (next/previous moves it), and becomes the keyboard's row.
  const currentIndex = currentLeadId ? items.findIndex((item) => item._id === currentLeadId) : -1;
  const isCurrentListed = currentIndex >= 0;
  useEffect(() => {
    if (!isCurrentListed || !currentLeadId) return;
    setActiveId(currentLeadId);
    virtualizer.scrollToIndex(currentIndex, { align: 'auto' });
    // Only when the open lead changes or first shows, not each time a live update moves it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [currentLeadId, isCurrentListed]);

  // The keyboard's row follows its lead when live updates move it; a lead gone from the list
  // hands the keyboard to the first row.
  const activeIndex = Math.max(
    0,
    items.findIndex((item) => item._id === activeId),
  );

  function moveTo(index: number) {
    const target = items[Math.min(Math.max(index, 0), items.length - 1)];
    if (!target) return;
    focusPendingId.current = target._id;
    setActiveId(target._id);
    virtualizer.scrollToIndex(items.indexOf(target), { align: 'auto' });
  }

  function handleRowKeyDown(event: KeyboardEvent<HTMLAnchorElement>) {
    const moves: Record<string, number> = {
      ArrowDown: activeIndex + 1,
      ArrowUp: activeIndex - 1,
      PageDown: activeIndex + PAGE_ROWS,
      PageUp: activeIndex - PAGE_ROWS,
      Home: 0,
      End: items.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    moveTo(next);
  }

  function focusIfPending(element: HTMLAnchorElement | null, id: string) {
    if (element && focusPendingId.current === id) {
      focusPendingId.current = null;
      element.focus();
    }
  }

  return (
    <div
      ref={viewportRef}
      className={classes.viewport}
      data-fill={fill || undefined}
      role="list"
      aria-label="Leads"
    >
      <div className={classes.canvas} style={{ height: virtualizer.getTotalSize() }}>
        {virtualRows.map((row) => {
          const item = items[row.index];
          const style = {
            position: 'absolute',
            top: 0,
            left: 0,
            width: '100%',
            height: row.size,
            transform: `translateY(${row.start}px)`,
          } as const;
          if (!item) {
            return (
              <div key={row.key} className={classes.footer} style={style} role="listitem">
                {isFetchNextPageError ? (
                  <>
                    <span role="alert">Could not load more leads.</span>
                    <Button size="xs" variant="default" onClick={onLoadMore}>
                      Try again
                    </Button>
                  </>
                ) : (
                  <>
                    <Loader size={14} aria-hidden />
                    <span>Loading more leads…</span>
                  </>
                )}
              </div>
            );
          }
          return (
            <div
              key={row.key}
              role="listitem"
              className={classes.item}
              data-has-action={renderRowAction ? true : undefined}
            >
              {selection && (
                <Checkbox
                  className={classes.select}
                  style={{ transform: `translateY(${row.start + 12}px)` }}
                  checked={selection.ids.has(item._id)}
                  onChange={() => selection.onToggle(item._id)}
                  aria-label={`Select ${item.name}`}
                />
              )}
              <InboxRow
                isSelecting={Boolean(selection)}
                isStacked={isStacked}
                item={item}
                index={row.index}
                showProperty={showProperty}
                isActive={row.index === activeIndex}
                style={style}
                ref={(element) => focusIfPending(element, item._id)}
                onFocus={() => setActiveId(item._id)}
                onKeyDown={handleRowKeyDown}
                presence={renderPresence?.(item._id)}
                linkSearch={linkSearch}
                isCurrent={item._id === currentLeadId}
              />
              {renderRowAction && (
                <div
                  className={classes.action}
                  style={{ top: style.top, transform: style.transform }}
                >
                  {renderRowAction(item)}
                </div>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
