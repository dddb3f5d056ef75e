/**
 * Writing into cached queries while they may be reloading. A reload that was already on its way
 * when something changed answers with what the server had before the change, and would overwrite
 * it: such writes are made again once that reload is in.
 */
import type { QueryCacheNotifyEvent, QueryClient, QueryKey } from '@tanstack/react-query';

type Updater = (data: unknown) => unknown;
type SettledCallback = (succeeded: boolean) => void;

type Registry = {
  /** Per query (by hash): writes to make again after the reload under way. */
  rewrites: Map<string, Updater[]>;
  /** Per query: who waits for the reload under way (or the next one) to end. */
  waiting: Map<string, SettledCallback[]>;
};

const registries = new WeakMap<QueryClient, Registry>();

function take<T>(map: Map<string, T[]>, hash: string): T[] {
  const list = map.get(hash) ?? [];
  map.delete(hash);
  return list;
}

function handleCacheEvent(
  queryClient: QueryClient,
  registry: Registry,
  event: QueryCacheNotifyEvent,
) {
  const hash = event.query.queryHash;
  if (event.type === 'removed') {
    registry.rewrites.delete(hash);
    for (const callback of take(registry.waiting, hash)) callback(false);
    return;
  }
  if (event.type !== 'updated') return;
  const { action, query } = event;
  // A write with setQueryData is 'success' too, but `manual`; a cancelled reload restores the
  // state from before it with 'setState'.
  const succeeded = action.type === 'success' && !action.manual;
  const ended =
    succeeded ||
    action.type === 'error' ||
    (action.type === 'setState' && query.state.fetchStatus === 'idle');
  if (!ended) return;
  const rewrites = take(registry.rewrites, hash);
  if (succeeded) for (const rewrite of rewrites) queryClient.setQueryData(query.queryKey, rewrite);
  for (const callback of take(registry.waiting, hash)) callback(succeeded);
}

function registryOf(queryClient: QueryClient): Registry {
  let registry = registries.get(queryClient);
  if (!registry) {
    const created: Registry = { rewrites: new Map(), waiting: new Map() };
    // Cache listeners run as the query changes, before any component sees the reload's answer.
    queryClient.getQueryCache().subscribe((event) => handleCacheEvent(queryClient, created, event));
    registries.set(queryClient, created);
    registry = created;
  }
  return registry;
}

function findQuery(queryClient: QueryClient, queryKey: QueryKey) {
  return queryClient.getQueryCache().find({ queryKey, exact: true });
}

/**
 * `setQueryData` that holds: if the query is reloading, the update is made again on the reload's
 * answer. `update` must be safe to apply twice (merging by id is).
 */
export function updateQueryDataSurvivingFetch<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  update: (data: T | undefined) => T | undefined,
): void {
  const registry = registryOf(queryClient);
  queryClient.setQueryData<T>(queryKey, update);
  const query = findQuery(queryClient, queryKey);
  if (!query || query.state.fetchStatus === 'idle') return;
  const rewrites = registry.rewrites.get(query.queryHash) ?? [];
  rewrites.push(update as Updater);
  registry.rewrites.set(query.queryHash, rewrites);
}

/**
 * Calls `callback` when the query's current or next reload ends: true when it brought an answer,
 * false when it failed, was cancelled or the query was removed.
 */
export function onNextFetchSettled(
  queryClient: QueryClient,
  queryKey: QueryKey,
  callback: SettledCallback,
): void {
  const registry = registryOf(queryClient);
  const query = findQuery(queryClient, queryKey);
  if (!query) {
    callback(false);
    return;
  }
  const waiting = registry.waiting.get(query.queryHash) ?? [];
  waiting.push(callback);
  registry.waiting.set(query.queryHash, waiting);
}
