import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { onNextFetchSettled, updateQueryDataSurvivingFetch } from './query-cache-updates';

type Deferred = { resolve: (value: string[]) => void; reject: (error: Error) => void };

/** A query whose reloads the test answers by hand. */
function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const answers: Deferred[] = [];
  const queryKey = ['items'];
  const fetchItems = () =>
    queryClient.fetchQuery({
      queryKey,
      staleTime: 0,
      queryFn: () => new Promise<string[]>((resolve, reject) => answers.push({ resolve, reject })),
    });
  queryClient.setQueryData(queryKey, ['a']);
  const add = (item: string) => (items: string[] | undefined) =>
    items && (items.includes(item) ? items : [...items, item]);
  return { queryClient, queryKey, answers, fetchItems, add };
}

describe('writing into a query that is reloading', () => {
  it('writes at once when nothing is reloading', () => {
    const { queryClient, queryKey, add } = setup();
    updateQueryDataSurvivingFetch(queryClient, queryKey, add('b'));
    expect(queryClient.getQueryData(queryKey)).toEqual(['a', 'b']);
  });

  it('writes again on the answer of a reload that was under way', async () => {
    const { queryClient, queryKey, answers, fetchItems, add } = setup();
    const reload = fetchItems();
    updateQueryDataSurvivingFetch(queryClient, queryKey, add('live'));
    expect(queryClient.getQueryData(queryKey)).toEqual(['a', 'live']);

    // The reload read the server before the live item existed.
    answers[0]!.resolve(['a', 'older']);
    await reload;
    expect(queryClient.getQueryData(queryKey)).toEqual(['a', 'older', 'live']);

    // Only that reload: the next one is the server's word.
    const next = fetchItems();
    answers[1]!.resolve(['a']);
    await next;
    expect(queryClient.getQueryData(queryKey)).toEqual(['a']);
  });

  it('forgets the write when the reload fails: the data it was written into stays', async () => {
    const { queryClient, queryKey, answers, fetchItems, add } = setup();
    const reload = fetchItems().catch(() => undefined);
    updateQueryDataSurvivingFetch(queryClient, queryKey, add('live'));
    answers[0]!.reject(new Error('offline'));
    await reload;
    expect(queryClient.getQueryData(queryKey)).toEqual(['a', 'live']);

    const next = fetchItems();
    answers[1]!.resolve(['a']);
    await next;
    expect(queryClient.getQueryData(queryKey)).toEqual(['a']);
  });

  it('tells who waits whether the next reload brought an answer', async () => {
    const { queryClient, queryKey, answers, fetchItems } = setup();
    const settled: boolean[] = [];
    onNextFetchSettled(queryClient, queryKey, (succeeded) => settled.push(succeeded));
    queryClient.setQueryData(queryKey, ['written by hand']);
    expect(settled).toEqual([]);

    const reload = fetchItems();
    answers[0]!.resolve(['b']);
    await reload;
    expect(settled).toEqual([true]);

    onNextFetchSettled(queryClient, queryKey, (succeeded) => settled.push(succeeded));
    const failing = fetchItems().catch(() => undefined);
    answers[1]!.reject(new Error('offline'));
    await failing;
    expect(settled).toEqual([true, false]);

    onNextFetchSettled(queryClient, ['unknown'], (succeeded) => settled.push(succeeded));
    onNextFetchSettled(queryClient, queryKey, (succeeded) => settled.push(succeeded));
    queryClient.clear();
    expect(settled).toEqual([true, false, false, false]);
  });
});
