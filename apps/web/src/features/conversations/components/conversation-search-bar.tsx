import { CONVERSATION_SEARCH_MAX_LENGTH } from '@leasing/contract';
import type { ConversationSearchHit } from '@leasing/contract';
import { ActionIcon, CloseButton, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { ChangeEvent, KeyboardEvent } from 'react';
import { formatDateTime } from '../../../lib/format-date';
import {
  getConversationSearchQueryOptions,
  useConversationSearch,
} from '../api/search-conversation';
import classes from './timeline.module.css';

export type ConversationSearchBarProps = {
  leadID: string;
  /** The words searched for changed (null: none yet): the timeline marks them. */
  onWordsChange: (words: string | null) => void;
  /** Show this match's event. */
  onGoToMatch: (hit: ConversationSearchHit) => void;
  /** Escape or the close button. */
  onClose: () => void;
};

type CounterProps = {
  state: 'idle' | 'searching' | 'failed' | 'none' | 'found';
  at: number;
  total: number;
};

function counterText({ state, at, total }: CounterProps): string {
  if (state === 'searching') return 'Searching…';
  if (state === 'failed') return 'Search failed';
  if (state === 'none') return 'No matches';
  if (state === 'found') return `${at} of ${total}`;
  return '';
}

/**
 * Search inside the lead's conversation: Enter searches, then goes to the next (older) match;
 * Shift+Enter to the previous (newer) one; Escape closes. Matches are newest first, as the server
 * answers them, and counted over the whole conversation.
 */
export function ConversationSearchBar({
  leadID,
  onWordsChange,
  onGoToMatch,
  onClose,
}: ConversationSearchBarProps) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState('');
  const [words, setWords] = useState<string | null>(null);
  const [index, setIndex] = useState(0);
  /** Words of the newest search: an older search's answer must not move the timeline. */
  const latestWords = useRef<string | null>(null);
  const search = useConversationSearch(leadID, words);

  const hits = search.data?.pages.flatMap((page) => page.items) ?? [];
  const total = search.data?.pages[0]?.total ?? 0;
  const state: CounterProps['state'] =
    words === null
      ? 'idle'
      : search.isError
        ? 'failed'
        : search.data === undefined
          ? 'searching'
          : total === 0
            ? 'none'
            : 'found';
  const hasOlder = state === 'found' && index < total - 1;
  const hasNewer = state === 'found' && index > 0;

  async function startSearch(next: string) {
    latestWords.current = next;
    setWords(next);
    setIndex(0);
    onWordsChange(next);
    try {
      const data = await queryClient.fetchInfiniteQuery(
        getConversationSearchQueryOptions(leadID, next),
      );
      const first = data.pages[0]?.items[0];
      if (first && latestWords.current === next) onGoToMatch(first);
    } catch {
      // The counter says the search failed; the query keeps the error.
    }
  }

  async function goTo(nextIndex: number) {
    if (nextIndex < 0 || nextIndex >= total) return;
    let loaded = hits;
    while (nextIndex >= loaded.length && search.hasNextPage) {
      const result = await search.fetchNextPage();
      if (result.isError || !result.data) return;
      loaded = result.data.pages.flatMap((page) => page.items);
    }
    const hit = loaded[nextIndex];
    if (!hit) return;
    setIndex(nextIndex);
    onGoToMatch(hit);
  }

  function handleOlder() {
    if (hasOlder) void goTo(index + 1);
  }

  function handleNewer() {
    if (hasNewer) void goTo(index - 1);
  }

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    setDraft(event.currentTarget.value);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const typed = draft.trim();
    if (!typed) return;
    if (typed !== words) void startSearch(typed);
    else if (event.shiftKey) handleNewer();
    else handleOlder();
  }

  const current = state === 'found' ? hits[index] : undefined;
  const olderReason =
    state !== 'found' ? 'Search first (Enter)' : hasOlder ? null : 'This is the oldest match';
  const newerReason =
    state !== 'found' ? 'Search first (Enter)' : hasNewer ? null : 'This is the newest match';

  return (
    <div className={classes.searchBar} role="search" aria-label="Search this conversation">
      <TextInput
        className={classes.searchField}
        size="sm"
        data-autofocus
        autoFocus
        aria-label="Search this conversation"
        placeholder="Search this conversation"
        leftSection={<IconSearch size={14} stroke={1.75} aria-hidden />}
        value={draft}
        maxLength={CONVERSATION_SEARCH_MAX_LENGTH}
        onChange={handleChange}
        onKeyDown={handleKeyDown}
        aria-describedby={`conversation-search-count-${leadID}`}
      />
      <span
        id={`conversation-search-count-${leadID}`}
        className={classes.searchCount}
        role="status"
        data-state={state}
      >
        <span>{counterText({ state, at: index + 1, total })}</span>
        {current && (
          <VisuallyHidden>{`, ${formatDateTime(current.date)}: ${current.snippet}`}</VisuallyHidden>
        )}
      </span>
      <Tooltip label={olderReason ?? 'Older match (Enter)'} withArrow>
        <ActionIcon
          size="lg"
          variant="subtle"
          color="gray"
          aria-label="Older match"
          aria-disabled={!hasOlder || undefined}
          data-disabled={!hasOlder || undefined}
          onClick={handleOlder}
        >
          <IconChevronUp size={16} stroke={1.75} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={newerReason ?? 'Newer match (Shift+Enter)'} withArrow>
        <ActionIcon
          size="lg"
          variant="subtle"
          color="gray"
          aria-label="Newer match"
          aria-disabled={!hasNewer || undefined}
          data-disabled={!hasNewer || undefined}
          onClick={handleNewer}
        >
          <IconChevronDown size={16} stroke={1.75} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Close search (Esc)" withArrow>
        <CloseButton size="lg" aria-label="Close search" onClick={onClose} />
      </Tooltip>
    </div>
  );
}
